import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  Breadcrumbs,
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  LoginPrompt,
  Modal,
  OnlineBadge,
  Pager,
  Price,
  ProgressBar,
  Section,
  Spinner,
  TabNav,
  Tile,
  TileGrid,
  TilePlaceholder,
  TILE_GRID_COLUMNS,
  applyTheme,
  themeCss,
  tileGridColumns,
  useAction,
  visiblePages,
} from './index';

const labels = { navigation: 'Pages', previous: 'Previous', next: 'Next', page: (p: number) => `Page ${p}` };

describe('Tile and TileGrid', () => {
  it('renders a lazy image with its intrinsic size inside a link', () => {
    render(
      <TileGrid label="Performers">
        <Tile
          key="a"
          link={{ href: '/en/amateur/anna/' }}
          image={{ src: '/media/a.webp', width: 320, height: 320, alt: 'Anna' }}
          title="Anna"
        />
        <Tile
          key="b"
          link={{ href: '/en/amateur/bea/' }}
          image={{ src: '/media/b.webp', width: 320, height: 320, alt: 'Bea' }}
          title="Bea"
        />
      </TileGrid>,
    );
    const list = screen.getByRole('list', { name: 'Performers' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    const image = screen.getByAltText('Anna');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '320');
    expect(screen.getByRole('link', { name: /Anna/ })).toHaveAttribute('href', '/en/amateur/anna/');
  });

  it('a placeholder tile has the boxes of a real tile and is hidden from assistive technology', () => {
    const { container } = render(<TilePlaceholder image={{ width: 320, height: 240 }} subtitle footer />);
    const tile = container.firstElementChild as HTMLElement;
    expect(tile).toHaveAttribute('aria-hidden', 'true');
    // the image box has the real image's ratio from its viewBox, without a style attribute (the CSP refuses those)
    expect(tile.querySelector('.vv-tile__image')).toHaveAttribute('viewBox', '0 0 320 240');
    expect(container.querySelector('[style]')).toBeNull();
    for (const part of ['.vv-tile__image', '.vv-tile__title', '.vv-tile__subtitle', '.vv-tile__footer .vv-button'])
      expect(tile.querySelector(part)).not.toBeNull();
  });

  it('routes in-page on a plain click and leaves modified clicks to the browser', () => {
    const onNavigate = jest.fn();
    render(
      <Tile link={{ href: '/x', onNavigate }} image={{ src: '/i.webp', width: 10, height: 10, alt: 'X' }} title="X" />,
    );
    const link = screen.getByRole('link');
    fireEvent.click(link, { ctrlKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('has the spec columns: 5 up to 1199 px, 4 at 991 px, 3 at 767 px', () => {
    expect(tileGridColumns(1400)).toBe(5);
    expect(tileGridColumns(1199)).toBe(5);
    expect(tileGridColumns(991)).toBe(4);
    expect(tileGridColumns(800)).toBe(4);
    expect(tileGridColumns(767)).toBe(3);
    expect(tileGridColumns(360)).toBe(3);
  });

  it('keeps the stylesheet media queries in step with the column constants', () => {
    const css = readFileSync(join(__dirname, 'components.css'), 'utf8');
    expect(css).toContain(`--vv-grid-columns: ${TILE_GRID_COLUMNS[0].columns};`);
    for (const { maxWidth, columns } of TILE_GRID_COLUMNS.slice(1)) {
      expect(css).toMatch(
        new RegExp(
          `@media \\(max-width: ${maxWidth}px\\)\\s*\\{\\s*\\.vv-tile-grid\\s*\\{\\s*--vv-grid-columns: ${columns};\\s*\\}\\s*\\}`,
        ),
      );
    }
  });
});

describe('Pager', () => {
  it('shows first, last and the pages around the current one', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });

  it('marks the current page and reports changes', () => {
    const onChange = jest.fn();
    render(<Pager page={2} pageCount={5} onChange={onChange} labels={labels} />);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange.mock.calls).toEqual([[3], [5]]);
  });

  it('disables previous on the first page and renders nothing for one page', () => {
    const { rerender } = render(<Pager page={1} pageCount={2} onChange={() => {}} labels={labels} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    rerender(<Pager page={1} pageCount={1} onChange={() => {}} labels={labels} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('Breadcrumbs', () => {
  it('is a named navigation of the trail: links up to the page, which is current and no link', () => {
    const onNavigate = jest.fn();
    render(
      <Breadcrumbs
        label="Breadcrumb"
        items={[
          { name: 'Velvet', link: { href: '/en/', onNavigate } },
          { name: 'Top cams', link: null },
          { name: 'Lena', link: { href: '/en/amateur/lena/' } },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.querySelectorAll('ol > li')).toHaveLength(3);
    fireEvent.click(screen.getByRole('link', { name: 'Velvet' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    // A crumb whose page is not served is its text alone; the page itself is marked current.
    expect(screen.queryByRole('link', { name: 'Top cams' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Lena' })).toBeNull();
    expect(screen.getByText('Lena')).toHaveAttribute('aria-current', 'page');
  });

  it('keeps its landmark while the trail is empty, so the page does not move when it arrives', () => {
    render(<Breadcrumbs label="Breadcrumb" items={[]} />);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveClass('vv-breadcrumbs');
  });
});

describe('Modal', () => {
  it('is a labelled dialog that closes on Escape, the close button and the backdrop', () => {
    const onClose = jest.fn();
    const { rerender } = render(
      <Modal open onClose={onClose} title="Chat" closeLabel="Close">
        <button type="button">Inside</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Chat' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.mouseDown(dialog.parentElement!);
    fireEvent.mouseDown(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
    rerender(
      <Modal open={false} onClose={onClose} title="Chat" closeLabel="Close">
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Price', () => {
  const format = (amount: number) => `${(amount / 100).toFixed(2)} VXC`;
  it('shows the amount per minute, and the free label for zero', () => {
    const { rerender } = render(<Price amount={299} format={format} freeLabel="free" unit="/min" />);
    expect(screen.getByText('2.99 VXC')).toBeInTheDocument();
    expect(screen.getByText('/min')).toBeInTheDocument();
    rerender(<Price amount={0} format={format} freeLabel="free" unit="/min" />);
    expect(screen.getByText('free')).toBeInTheDocument();
    expect(screen.queryByText('/min')).toBeNull();
  });
});

describe('states and prompts', () => {
  it('LoginPrompt opens the login flow of the shell', () => {
    const ui = { open: jest.fn() };
    render(<LoginPrompt text="Log in to pin" buttonLabel="Log in" ui={ui} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(ui.open).toHaveBeenCalledWith('login');
  });

  it('ErrorState is an alert with a retry', () => {
    const onRetry = jest.fn();
    render(<ErrorState title="Failed" retryLabel="Retry" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('EmptyState, Spinner, ProgressBar and OnlineBadge expose their meaning', () => {
    render(
      <>
        <EmptyState title="Nobody here" text="Come back later" />
        <Spinner label="Loading" />
        <ProgressBar value={150} max={100} label="Goal" />
        <OnlineBadge online onlineLabel="Online" offlineLabel="Offline" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Nobody here' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('progressbar', { name: 'Goal' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Online')).toHaveAttribute('data-online', 'true');
  });

  it('Button shows busy state and ButtonLink keeps its href', () => {
    const onNavigate = jest.fn();
    render(
      <>
        <Button busy>Save</Button>
        <ButtonLink href="/en/cams/" onNavigate={onNavigate}>
          Cams
        </ButtonLink>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(screen.getByRole('link', { name: 'Cams' }));
    expect(onNavigate).toHaveBeenCalled();
  });

  it('Section and TabNav render headings and marked links', () => {
    render(
      <Section title="New girls" more={{ href: '/en/new-girls/', label: 'Show all' }}>
        <TabNav
          label="Profile"
          items={[
            { key: 'a', link: { href: '/a' }, label: 'Overview', current: true },
            { key: 'b', link: { href: '/b' }, label: 'About me', current: false },
            { key: 'c', link: null, label: 'Videos', current: false },
          ]}
        />
      </Section>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'New girls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all' })).toHaveAttribute('href', '/en/new-girls/');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'About me' })).not.toHaveAttribute('aria-current');
    // A tab whose page is not served is left out.
    expect(screen.queryByText('Videos')).not.toBeInTheDocument();
  });

  it('gives a tile title the level below the heading it is under, never skipping one', () => {
    const image = { src: '/a.jpg', width: 4, height: 3, alt: '' };
    render(
      <>
        <Tile link={null} image={image} title="On the page" />
        <Section title="Outer">
          <Tile link={null} image={image} title="In a section" />
          <Section title="Inner">
            <Tile link={null} image={image} title="In a nested section" />
          </Section>
        </Section>
        <Section title="Given" level={1}>
          <Tile link={null} image={image} title="Below a given level" />
        </Section>
      </>,
    );
    const level = (name: string) => Number(screen.getByRole('heading', { name }).tagName.slice(1));
    expect(
      ['On the page', 'Outer', 'In a section', 'Inner', 'In a nested section', 'Given', 'Below a given level'].map(
        level,
      ),
    ).toEqual([2, 2, 3, 3, 4, 1, 2]);
  });
});

describe('applyTheme', () => {
  it('sets tenant tokens as custom properties', () => {
    const element = document.createElement('div');
    applyTheme({ 'color-accent': '#0af', '--vv-radius-m': '2px' }, element);
    expect(element.style.getPropertyValue('--vv-color-accent')).toBe('#0af');
    expect(element.style.getPropertyValue('--vv-radius-m')).toBe('2px');
  });

  it('sets the same properties themeCss writes for the head, leaving out entries that could break out of CSS', () => {
    const theme = {
      'color-accent': '#0af',
      '--vv-radius-m': '2px',
      'font-family': '"Inter", sans-serif',
      'color-bg': 'red;} body{display:none',
      'color-text': '#fff</style><script>alert(1)</script>',
      'color-border': '#000 /* unterminated',
      'color focus': '#f00',
      'color-online': 'url(\\61)',
    };
    expect(themeCss(theme)).toBe(
      ':root{--vv-color-accent:#0af;--vv-radius-m:2px;--vv-font-family:"Inter", sans-serif;}',
    );
    const element = document.createElement('div');
    applyTheme(theme, element);
    const set = Array.from({ length: element.style.length }, (_, index) => element.style.item(index));
    expect(set.sort()).toEqual(['--vv-color-accent', '--vv-font-family', '--vv-radius-m']);
    expect(themeCss({})).toBe(':root{}');
  });
});

describe('useAction', () => {
  function Form({ send, staysBusy }: { send: (what: string) => Promise<unknown>; staysBusy?: boolean }) {
    const action = useAction<'a' | 'b'>((failure) => `failed: ${(failure as Error).message}`, { staysBusy });
    return (
      <div>
        <Button busy={action.running === 'a'} onClick={() => void action.run(() => send('a'), 'a')}>
          A
        </Button>
        <Button busy={action.running === 'b'} onClick={() => void action.run(() => send('b'), 'b')}>
          B
        </Button>
        <Button onClick={() => action.fail('too large')}>Check</Button>
        <span data-testid="busy">{String(action.busy)}</span>
        {action.error && <p role="alert">{action.error}</p>}
      </div>
    );
  }
  const deferred = () => {
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    return { promise, ...settle };
  };

  it('is busy as the key that runs, words a failure and clears it with the next run', async () => {
    const calls = [deferred(), deferred()];
    const send = jest.fn((_what: string): Promise<void> => calls[send.mock.calls.length - 1]!.promise);
    render(<Form send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    expect(screen.getByRole('button', { name: 'A' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'B' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('busy')).toHaveTextContent('true');
    await act(async () => calls[0]!.reject(new Error('declined')));
    expect(screen.getByRole('alert')).toHaveTextContent('failed: declined');
    expect(screen.getByTestId('busy')).toHaveTextContent('false');

    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => calls[1]!.resolve());
    expect(screen.getByTestId('busy')).toHaveTextContent('false');
    expect(send.mock.calls).toEqual([['a'], ['b']]);

    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('too large');
  });

  it('stays busy after a success that leaves the page', async () => {
    render(<Form send={() => Promise.resolve()} staysBusy />);
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'A' })).toBeDisabled();
  });
});
