import { expect, test } from './fixtures';

/** A new visitor signs up, stays logged in over a reload, logs out and logs in again, all through the UI. */
test('sign-up and login through the modals', async ({ page, expectFailure }) => {
  const email = `guest-${Date.now()}@example.com`;
  const name = `Guest${Date.now() % 1_000_000}`;
  const password = 'a-long-enough-password';

  await page.goto('/en/');
  const navbar = page.getByTestId('navbar');
  await navbar.getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByTestId('signup-form');
  await signup.getByLabel('User name').fill(name);
  await signup.getByLabel('Email').fill('not-an-email');
  await signup.getByLabel('Password').fill(password);
  await signup.getByRole('button', { name: 'Sign up' }).click();
  // The spec's email rule is checked before anything is sent.
  await expect(signup.getByRole('alert')).toContainText('valid email address');
  await signup.getByLabel('Email').fill(email);
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('signup-form')).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(name);

  await page.reload();
  await expect(page.getByRole('banner')).toContainText(name);

  await navbar.getByRole('button', { name: 'Log out' }).click();
  await expect(navbar.getByRole('button', { name: 'Log in' })).toBeVisible();

  // A wrong password gets the server's clear answer, and nothing else breaks.
  expectFailure(/^401 POST .*\/rest\/v1\/auth\/login/);
  expectFailure(/Failed to load resource: the server responded with a status of 401/);
  await navbar.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByTestId('login-form');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('wrong-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toContainText('Email or password is wrong.');
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-form')).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(name);
});

test('the seeded demo guest logs in and sees the messenger inbox', async ({ page }) => {
  await page.goto('/en/messenger/');
  await page.getByTestId('navbar').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByTestId('login-form');
  await login.getByLabel('Email').fill('demo@velvet.test');
  await login.getByLabel('Password').fill('velvet-demo');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner')).toContainText('DemoGuest');
  await expect(page.locator('[data-remote="mf-messenger"]')).not.toContainText('Log in');
});
