import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Language, PincallVerification } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, type RestHandler } from '@velvet/testing';
import { AccountSettings } from './AccountSettings';
import { locales } from './locales';

const verified: PincallVerification = {
  id: 4,
  type: 'mobile',
  verified: true,
  countryCode: '49',
  preCode: '151',
  number: '23456789',
  pinLength: 6,
};

function render(rest: Record<string, RestHandler> = {}, language: Language = 'en') {
  const platform = createMockPlatform({
    loggedIn: true,
    language,
    route: { name: 'myAccountProfile' },
    rest: { '/pincall/verifications': () => ({ verifications: [] }), ...rest },
  });
  return { ...renderWithPlatform(<AccountSettings />, { platform, remote: 'mf-account', locales }), platform };
}

const file = (bytes: number, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('profile picture', () => {
  it('uploads the chosen file as multipart and shows the new picture; removing it asks the server', async () => {
    const { platform } = render({
      '/guest/profile/preview/update': ({ query }) => ({
        avatarUrl:
          (query as { delete?: string } | undefined)?.delete === 'true'
            ? null
            : '/media/guests/guest-1/avatar-0123456789abcdef.webp',
      }),
    });
    fireEvent.change(screen.getByLabelText('Choose a picture'), {
      target: { files: [file(1000, 'me.png', 'image/png')] },
    });
    expect(await screen.findByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/media/guests/guest-1/avatar-0123456789abcdef.webp',
    );
    const upload = platform.restCalls.find((call) => call.path === '/guest/profile/preview/update');
    expect((upload?.input?.form as FormData).get('file')).toBeInstanceOf(File);
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('You have no profile picture yet.')).toBeInTheDocument();
    expect(platform.restCalls.at(-1)?.input?.query).toEqual({ delete: 'true' });
  });

  it("refuses an oversized file before uploading and tells the server's refusal of a non-picture", async () => {
    const { platform } = render({
      '/guest/profile/preview/update': () => Promise.reject(new ApiError(415, 'IMAGE_INVALID', 'no')),
    });
    const input = screen.getByLabelText('Choose a picture');
    fireEvent.change(input, { target: { files: [file(5 * 1024 * 1024 + 1, 'big.jpg', 'image/jpeg')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is larger than 5 MB.');
    expect(platform.restCalls.filter((call) => call.path === '/guest/profile/preview/update')).toEqual([]);
    fireEvent.change(input, { target: { files: [file(100, 'notes.png', 'image/png')] } });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This file is not a JPEG, PNG or WebP picture.'),
    );
  });
});

describe('phone verification', () => {
  it('sends a pin in her language, asks for as many digits as the server says, and shows the verified number', async () => {
    const { platform } = render(
      {
        '/pincall/start': () => ({ id: 4, pinLength: 6 }),
        '/pincall/verify': () => verified,
      },
      'de',
    );
    fireEvent.change(screen.getByLabelText('Telefonnummer mit Ländervorwahl'), {
      target: { value: '+49 151 23456789' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'PIN senden' }));
    const pin = await screen.findByLabelText('Die 6-stellige PIN aus der SMS');
    expect(platform.restCalls.at(-1)?.input?.body).toEqual({
      phoneNumber: '+49 151 23456789',
      type: 'mobile',
      language: 'DE',
    });
    fireEvent.change(pin, { target: { value: '12a3456' } });
    expect(pin).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByTestId('phone-verified')).toHaveTextContent('Bestätigte Telefonnummer: +49 151 23456789');
    expect(platform.restCalls.at(-1)?.input?.body).toEqual({ id: 4, type: 'mobile', pin: '123456' });
  });

  it("names the server's refusal by its code", async () => {
    render({ '/pincall/start': () => Promise.reject(new ApiError(400, 'PHONE_COUNTRY_NOT_ALLOWED', 'no')) });
    fireEvent.change(screen.getByLabelText('Phone number with country code'), { target: { value: '+1 212 5550100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send pin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Numbers of this country cannot be verified.');
  });
});

describe('data export and deletion', () => {
  it('downloads her data as a JSON file', async () => {
    const data = {
      exportedAt: '2026-11-25T02:00:00.000Z',
      profile: { name: 'Tester' },
      preferences: {},
      consents: [],
      phoneVerifications: [],
      purchases: [{ mediaType: 'VIDEO', videoId: 3 }],
      favourites: { performers: [], pictures: [] },
      messages: [],
      ledger: [{ reason: 'charge', amountHundredths: 5000 }],
    };
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:export');
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    render({ '/guest/account/export': () => data });
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual(['velvet-account-2026-11-25.json']));
    // jsdom's Blob has no text(): read it as the browser's FileReader does.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(created[0]!.type).toBe('application/json');
    expect(JSON.parse(text)).toEqual(data);
  });

  it('deletes the account with her password and says when the password is wrong', async () => {
    const { platform } = render({
      '/guest/account/delete': () => Promise.reject(new ApiError(403, 'INVALID_CREDENTIALS', 'no')),
    });
    const submit = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong password' } });
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is wrong.');
    expect(platform.restCalls.at(-1)?.input?.body).toEqual({ password: 'wrong password' });
  });
});
