import { screen } from '@testing-library/react';
import { renderInShell } from '../testShell';
import { Footer, footerHref } from './Footer';

describe('footer links', () => {
  const help = { key: 'helpCenter', href: 'https://help.example/{language}/' };
  const models = { key: 'modelRecruitment', href: 'https://models.example/{language}/' };

  it('opens the help centre in de, es or en and appends the logged-in guest name', () => {
    expect(footerHref(help, 'de', null)).toBe('https://help.example/de/');
    expect(footerHref(help, 'nl', null)).toBe('https://help.example/en/');
    expect(footerHref(help, 'es', 'Anna Maria')).toBe('https://help.example/es/?name=Anna%20Maria');
  });

  it('opens model recruitment in de or en', () => {
    expect(footerHref(models, 'de', 'Anna')).toBe('https://models.example/de/');
    expect(footerHref(models, 'es', null)).toBe('https://models.example/en/');
  });

  it('lists the tenant links, social profiles apart, and the legal pages of the route table', () => {
    renderInShell(<Footer />, {
      tenant: {
        footerLinks: [
          { key: 'socialX', href: 'https://x.example/velvet' },
          help,
          { key: 'partnerProgram', href: 'https://partners.example/' },
        ],
      },
    });
    expect(screen.getByRole('navigation', { name: 'Follow us' })).toHaveTextContent('X');
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', 'https://help.example/en/');
    expect(screen.getByRole('link', { name: 'Partner programme' })).toHaveAttribute(
      'href',
      'https://partners.example/',
    );
    const legal = screen.getAllByRole('link').slice(-5);
    expect(legal.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms of service', '/en/terms-of-service/'],
      ['General terms and conditions', '/en/general-terms-and-conditions/'],
      ['Terms of use', '/en/terms-of-use/'],
      ['Data protection', '/en/data-protection/'],
      ['Imprint', '/en/imprint/'],
    ]);
  });
});
