import { expect, signUp, test } from './fixtures';

/** The pages and texts of the steps, as the guest reads them in each language. */
const TEXTS = {
  de: {
    game: '/de/events/slot-machine/',
    benefits: '/de/myvisitx/vorteile/',
    advent: '/de/adventskalender/',
    attempts: (count: number) => `Heute noch ${count} ${count === 1 ? 'Versuch' : 'Versuche'}`,
    pull: 'Hebel ziehen',
    won: /^Du hast (.+) gewonnen!$/,
    openDoor: /^Türchen \d+ öffnen$/,
    opened: /^Türchen \d+: Du hast (.+) gewonnen!$|^Diesmal leider nichts\.$/,
    rewards: 'Deine Gewinne',
  },
  es: {
    game: '/es/eventos/slot-machine/',
    benefits: '/es/myvisitx/beneficios/',
    advent: '/es/calendario-de-adviento/',
    attempts: (count: number) =>
      `Te ${count === 1 ? 'queda' : 'quedan'} ${count} ${count === 1 ? 'intento' : 'intentos'} hoy`,
    pull: 'Tirar de la palanca',
    won: /^¡Has ganado (.+)!$/,
    openDoor: /^Abrir la puerta \d+$/,
    opened: /^Puerta \d+: ¡has ganado (.+)!$|^Esta vez no hubo premio\.$/,
    rewards: 'Tus premios',
  },
} as const;

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a guest plays the slot machine, sees her prize among her benefits and opens today's advent door`, async ({
    page,
  }) => {
    await signUp(page, `Player${language}`);

    // The server takes the attempt and draws the prize; the reels stop on it and the attempts count down.
    await page.goto(text.game);
    await expect(page.getByTestId('game-attempts')).toHaveText(text.attempts(3));
    await page.getByRole('button', { name: text.pull }).click();
    const result = page.getByTestId('game-result');
    await expect(result).toHaveText(text.won);
    const prize = (await result.textContent())!.match(text.won)![1]!;
    await expect(page.getByTestId('game-attempts')).toHaveText(text.attempts(2));
    await expect(page.locator('.specials-game__gained li')).toHaveText([prize]);

    // Her benefits page lists what she won.
    await page.goto(text.benefits);
    const rewards = page.locator('.specials-rewards');
    await expect(rewards.getByRole('heading', { name: text.rewards })).toBeVisible();
    await expect(rewards.locator('li strong')).toHaveText([prize]);

    // Today's door is the one she can open; it shows what it held and is then opened.
    await page.goto(text.advent);
    const door = page.getByRole('button', { name: text.openDoor });
    await expect(door).toHaveCount(1);
    await door.click();
    await expect(page.getByTestId('advent-result')).toHaveText(text.opened);
    await expect(page.getByRole('button', { name: text.openDoor })).toHaveCount(0);
    await expect(page.locator('.specials-advent__door--opened')).toHaveCount(1);
  });
}
