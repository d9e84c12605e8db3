import type { GraphqlOperation } from '@velvet/contracts';
import type { TestApp } from '../../testing/app';

/** Runs a structured query or mutation as the holder of `token`; answers the body with data and errors. */
export async function graphql<R, V extends Record<string, unknown>>(
  t: TestApp,
  operation: GraphqlOperation<R, V>,
  variables: V,
  token: string,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}` },
    payload: { query: operation.document, variables },
  });
  return response.json<{ data: R | null; errors?: { message: string; extensions?: { code?: string } }[] }>();
}
/** The error code of a structured-query answer's first error. */
export const errorOf = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.[0]?.extensions?.code;
