/**
 * Demo performers the end-to-end server keeps on line all day and out of ticket shows (playwright.config.ts sets
 * DEMO_ALWAYS_ONLINE to these names), so a chat with one is never ended by her schedule. One per spec: a chat a
 * failed test leaves open keeps only its own performer busy. Names of the fixed demo seed, all with a paid
 * private chat and no banned country; `ageRated`'s cam is rated 18 (her chats need the age check), the others' 16.
 * `toyControl` has a toy that takes toy controls.
 */
export const PINNED_PERFORMERS = {
  livechat: 'lisanne',
  liveVideo: 'kisslivia',
  ageRated: 'sophie',
  toyControl: 'moonina',
} as const;
