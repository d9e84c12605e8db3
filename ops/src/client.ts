import {
  REMOTE_BUILD_MEDIA_TYPE,
  authEndpoints,
  errorBody,
  registryEndpoints,
  uploadedBuild,
  type RemoteName,
  type UploadedBuild,
} from '@velvet/contracts';
import { ApiError, createRestClient, fillPath, type RestCall } from '@velvet/sdk';

export interface Connection {
  /** e.g. http://localhost:8080 */
  url: string;
  email: string;
  password: string;
}

/**
 * The environment's server and operator: a local server and the operator account by default, but never a
 * default password (each site has its own, printed at its first start or set with OPERATOR_PASSWORD).
 */
export function connectionFromEnv(env: NodeJS.ProcessEnv = process.env): Connection {
  const password = env.VELVET_OPERATOR_PASSWORD;
  if (!password) {
    throw new Error(
      "VELVET_OPERATOR_PASSWORD is not set: give the operator's password (printed once at the server's first " +
        'start, or the OPERATOR_PASSWORD it was started with)',
    );
  }
  return {
    url: (env.VELVET_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    email: env.VELVET_OPERATOR_EMAIL ?? 'operator@velvet.test',
    password,
  };
}

export interface OperatorClient {
  rest: RestCall;
  upload(remote: RemoteName, version: string, archive: Buffer): Promise<UploadedBuild>;
}

/** Logs the operator in and answers a REST client built on the contracts (the same one the browser uses). */
export async function connect(connection: Connection): Promise<OperatorClient> {
  let token: string | null = null;
  const rest = createRestClient({
    baseUrl: `${connection.url}/rest/v1`,
    getToken: () => token,
    getLanguage: () => 'en',
    version: 'ops',
  });
  token = (await rest(authEndpoints.login, { body: { email: connection.email, password: connection.password } }))
    .accessToken;

  return {
    rest,
    // The build goes as the raw request body (a tar.gz), which the JSON client does not send.
    async upload(remote, version, archive) {
      const path = fillPath(registryEndpoints.upload.path, { remote, version });
      const response = await fetch(`${connection.url}/rest/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': REMOTE_BUILD_MEDIA_TYPE, authorization: `Bearer ${token}` },
        body: new Uint8Array(archive),
      });
      const data: unknown = await response.json().catch(() => null);
      if (response.ok) return uploadedBuild.parse(data);
      const error = errorBody.safeParse(data);
      throw error.success
        ? new ApiError(response.status, error.data.code, error.data.message)
        : new ApiError(response.status, 'UNKNOWN', `upload answered ${response.status}`);
    },
  };
}
