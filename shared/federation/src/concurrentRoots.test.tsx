import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { concurrentRoots } from './concurrentRoots';
import { useBrowserValue } from './hooks';

const read = () => 'browser';

/** Shows the browser's value after hydration, and every value it has rendered with. */
function Probe({ seen }: { seen: string[] }) {
  const value = useBrowserValue(read, 'server');
  const [mountedWith] = useState(value);
  seen.push(value);
  return (
    <p>
      {value} (mounted with {mountedWith})
    </p>
  );
}

describe('concurrentRoots', () => {
  it('hydrates with the server value, then switches to the browser value without a hydration error', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe seen={[]} />);
    document.body.append(container);
    const errors: unknown[] = [];
    const seen: string[] = [];
    const root = await act(async () =>
      concurrentRoots.hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (e) => errors.push(e) }),
    );
    await waitFor(() => expect(container.textContent).toBe('browser (mounted with server)'));
    expect(errors).toEqual([]);
    expect(seen[0]).toBe('server');

    // A later render of the root keeps the tree (the component is not mounted again) and the browser's value.
    await act(async () => root.render(<Probe seen={seen} />));
    expect(container.textContent).toBe('browser (mounted with server)');
    act(() => root.unmount());
    container.remove();
  });

  it('reads the browser value at once in a root rendered in the browser', async () => {
    const container = document.createElement('div');
    const seen: string[] = [];
    const root = concurrentRoots.createRoot(container);
    await act(async () => root.render(<Probe seen={seen} />));
    expect(container.textContent).toBe('browser (mounted with browser)');
    expect(new Set(seen)).toEqual(new Set(['browser']));
    act(() => root.unmount());
  });
});
