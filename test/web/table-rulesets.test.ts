/**
 * An opening turn on the table page in every built-in ruleset, two seats in a real Chromium against
 * the real service: a card played with a drag, a face-down card put in play from the card's menu,
 * and the keyboard turning it face up and putting a counter on a card. Each step is checked on both
 * seats' pages:
 * - a refused move shows, where the player dropped it, its reason in words and the rule it cites;
 * - a face-down card shows nothing of itself to the opponent (no name anywhere on its page);
 * - every card in a shared zone carries its owner's mark;
 * - no name is cut without an ellipsis, and every counter amount is visible;
 * and each step's page is compared with a committed reference screenshot (test/support/screenshots.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGame, loadGame, type CardIn } from '../api/helpers.js';
import { chromiumPath, expectCleanPage } from '../support/browser.js';
import { openTablePage, usePageSuite } from '../support/page-suite.js';
import { compareScreenshot, MAX_DIFF_PIXELS } from '../support/screenshots.js';

const WAIT = { timeout: 15_000 };

/** One ruleset's opening turn: what seat 0 (Alice) does, and what the rules refuse. */
interface Opening {
  ruleset: string;
  alice: CardIn[];
  bob: CardIn[];
  /**
   * What the rules refuse, and the rule they cite: a card dragged from Alice's hand to a zone (of
   * hers, or shared) that does not admit it, or (where every zone admits every card: NR
   * rule_zone_types) one of Alice's counters taken below its minimum with its − button.
   */
  refused: ({ card: string; to: { type: string; shared: boolean } } | { below: string }) & { rule: string };
  /** A card dragged from Alice's hand into a shared zone, face up. */
  played: { card: string; to: string };
  /** A card put from Alice's hand face down (her menu), into a zone of hers or a shared one. */
  faceDown: { card: string; to: { type: string; shared: boolean } };
  /** A counter put with the keyboard (a card's details panel) on the played or the face-down card. */
  counter: { kind: string; on: 'played' | 'faceDown' };
}

const hand = (cards: CardIn[]): CardIn[] => cards.map((c) => ({ ...c, zone: 'hand' }));

const OPENINGS: Opening[] = [
  {
    ruleset: 'mtg',
    alice: [
      { name: 'Forest', types: ['Land'] },
      ...hand([
        { name: 'Counterspell', types: ['Instant'] },
        { name: 'Grizzly Bears', types: ['Creature'], subtypes: ['Bear'] },
        { name: 'Akroma, Angel of Wrath', types: ['Creature'], subtypes: ['Angel'] },
      ]),
    ],
    bob: [{ name: 'Island', types: ['Land'] }, ...hand([{ name: 'Llanowar Elves', types: ['Creature'] }])],
    refused: { card: 'Counterspell', to: { type: 'battlefield', shared: true }, rule: 'MTG 400.4a' },
    played: { card: 'Grizzly Bears', to: 'battlefield' },
    // A morph: face down on the battlefield (MTG 702.37), turned face up later.
    faceDown: { card: 'Akroma, Angel of Wrath', to: { type: 'battlefield', shared: true } },
    counter: { kind: '+1/+1', on: 'played' },
  },
  {
    ruleset: 'fab',
    alice: [
      { name: 'Dorinthea Ironsong', types: ['Hero'], zone: 'hero' },
      { name: 'Dawnblade', types: ['Weapon'], subtypes: ['Sword'], zone: 'weapon', zoneIndex: 1 },
      { name: 'Ironsong Determination', types: ['Action'] },
      ...hand([
        { name: 'Steelblade Supremacy', types: ['Action'] },
        { name: 'Warrior’s Valor', types: ['Action', 'Attack'] },
        { name: 'Sigil of Solace', types: ['Instant'] },
      ]),
    ],
    bob: [
      { name: 'Rhinar', types: ['Hero'], zone: 'hero' },
      ...hand([{ name: 'Bone Head Barrier', types: ['Action'] }]),
    ],
    refused: {
      card: 'Steelblade Supremacy',
      to: { type: 'weapon', shared: false },
      rule: 'FAB sec:weapon_zone',
    },
    played: { card: 'Warrior’s Valor', to: 'combatChain' },
    // The arsenal holds a card face down (FAB sec:arsenal_zone); turning it up is the face-up arsenal.
    faceDown: { card: 'Sigil of Solace', to: { type: 'arsenal', shared: false } },
    counter: { kind: '+1power', on: 'played' },
  },
  {
    ruleset: 'netrunner',
    alice: [
      { name: 'Haas-Bioroid: Engineering the Future', types: ['Identity'], zone: 'play' },
      { name: 'Hedge Fund', types: ['Operation'] },
      ...hand([
        { name: 'Priority Requisition', types: ['Agenda'] },
        { name: 'Ice Wall', types: ['ICE'], subtypes: ['Barrier'] },
        { name: 'Enigma', types: ['ICE'], subtypes: ['Code Gate'] },
      ]),
    ],
    bob: [
      { name: 'Kate "Mac" McCaffrey: Digital Tinker', types: ['Identity'], zone: 'play' },
      ...hand([{ name: 'Sure Gamble', types: ['Event'] }]),
    ],
    refused: { below: 'clicks', rule: 'NR rule_type_click_counter' },
    played: { card: 'Ice Wall', to: 'play' },
    // A Corp install from HQ: face down (unrezzed), shown to the Runner as a back.
    faceDown: { card: 'Enigma', to: { type: 'play', shared: true } },
    counter: { kind: 'advancement', on: 'played' },
  },
  {
    ruleset: 'pokemon',
    alice: [
      { name: 'Bulbasaur', types: ['pokemon'], subtypes: ['basic'] },
      { name: 'Oddish', types: ['pokemon'], zone: 'prize_cards' },
      ...hand([
        { name: 'Pikachu', types: ['pokemon'], subtypes: ['basic'] },
        { name: 'Path to the Peak', types: ['trainer'], subtypes: ['stadium'] },
        { name: 'Charmander', types: ['pokemon'], subtypes: ['basic'] },
      ]),
    ],
    bob: [
      { name: 'Squirtle', types: ['pokemon'], subtypes: ['basic'] },
      ...hand([{ name: 'Professor’s Research', types: ['trainer'], subtypes: ['supporter'] }]),
    ],
    refused: { card: 'Pikachu', to: { type: 'stadium', shared: true }, rule: 'PTCG stadium' },
    played: { card: 'Path to the Peak', to: 'stadium' },
    // Setup: the Active Pokémon is put face down, and flipped before the first turn (PTCG setup).
    faceDown: { card: 'Charmander', to: { type: 'active_spot', shared: false } },
    counter: { kind: 'damage', on: 'faceDown' },
  },
  {
    ruleset: 'yugioh',
    alice: [
      { name: 'Dark Magician', types: ['monster'], subtypes: ['normal'] },
      ...hand([
        { name: 'Celtic Guardian', types: ['monster'], subtypes: ['normal'] },
        { name: 'Thousand Dragon', types: ['monster'], subtypes: ['fusion'] },
        { name: 'Man-Eater Bug', types: ['monster'], subtypes: ['effect'] },
      ]),
    ],
    bob: [
      { name: 'Blue-Eyes White Dragon', types: ['monster'], subtypes: ['normal'] },
      ...hand([{ name: 'Mystical Space Typhoon', types: ['spell'], subtypes: ['quick-play'] }]),
    ],
    refused: { card: 'Celtic Guardian', to: { type: 'field_zone', shared: false }, rule: 'YGO field_zone' },
    played: { card: 'Thousand Dragon', to: 'extra_monster_zone_left' },
    // A monster Set face down in a Main Monster Zone (YGO face_down), flipped face up later.
    faceDown: { card: 'Man-Eater Bug', to: { type: 'main_monster_zone', shared: false } },
    counter: { kind: 'spellCounter', on: 'played' },
  },
];

describe.skipIf(!chromiumPath)('an opening turn on the table page, in every built-in ruleset', () => {
  const suite = usePageSuite();

  /** A seat's page, deterministic for screenshots, live. */
  async function open(gameId: string, token: string) {
    const notFound: string[] = [];
    const opened = await openTablePage(suite, gameId, token, (page) =>
      page.on('response', (r) => r.status() === 404 && notFound.push(r.url())),
    );
    return { ...opened, notFound };
  }

  /** Alice's zone of a type (seat 0), or the shared one. */
  const zone = (page: Page, type: string, shared: boolean) =>
    page.locator(`[data-seat="${shared ? 'shared' : '0'}"] section[data-zone-type="${type}"]`).first();
  const cardIn = (page: Page, type: string, shared: boolean, name: string) =>
    zone(page, type, shared).locator(`.card[data-card-name="${name}"]`);

  /** What every step must hold on a page: owner marks, names and counters legible. */
  async function legible(page: Page): Promise<void> {
    const report = await page.evaluate(() => {
      const problems: string[] = [];
      for (const card of Array.from(
        document.querySelectorAll<HTMLElement>('section.zone.shared .objects > .card'),
      )) {
        if (!card.querySelector('.owner-mark .owner-name')?.textContent?.trim())
          problems.push(`no owner mark on ${card.dataset.cardName ?? 'a back'}`);
      }
      // Text cut off (wider than its box) must be cut with an ellipsis; a name longer than its lines
      // too (-webkit-line-clamp ends its last line with one).
      for (const el of Array.from(
        document.querySelectorAll<HTMLElement>('.card .name, .card .types, .badge-kind, .owner-name'),
      )) {
        const style = getComputedStyle(el);
        if (el.scrollWidth > el.clientWidth && style.textOverflow !== 'ellipsis')
          problems.push(`clipped without an ellipsis: ${el.textContent}`);
        if (el.scrollHeight > el.clientHeight + 1 && style.webkitLineClamp === 'none')
          problems.push(`lines cut without an ellipsis: ${el.textContent}`);
      }
      // The name is the tooltip.
      for (const card of Array.from(document.querySelectorAll<HTMLElement>('.card[data-card-name]'))) {
        if (card.title !== card.dataset.cardName) problems.push(`tooltip is not the name: ${card.title}`);
      }
      // Every counter amount is drawn whole, inside its card.
      for (const badge of Array.from(document.querySelectorAll<HTMLElement>('.badge.counter'))) {
        const amount = badge.querySelector('.badge-amount') as HTMLElement | null;
        const card = badge.closest('.card')!.getBoundingClientRect();
        const box = amount?.getBoundingClientRect();
        if (!amount || amount.textContent !== badge.dataset.amount)
          problems.push(`amount missing: ${badge.title}`);
        else if (amount.scrollWidth > amount.clientWidth || !box || box.width === 0)
          problems.push(`amount cut: ${badge.title}`);
        else if (box.left < card.left || box.right > card.right || box.bottom > card.bottom)
          problems.push(`amount outside its card: ${badge.title}`);
      }
      return problems;
    });
    expect(report).toEqual([]);
  }

  for (const opening of OPENINGS) {
    it(`${opening.ruleset}: refused drag, drag, menu face down, keyboard turn and counter`, async () => {
      const created = await createGame(suite.server, opening.ruleset, [
        { name: 'Alice', deck: opening.alice },
        { name: 'Bob', deck: opening.bob },
      ]);
      const alice = await open(created.game.id, created.seats[0]!.token);
      const bob = await open(created.game.id, created.seats[1]!.token);
      const both = [alice.page, bob.page];
      const mask = (page: Page) => [page.locator('.game-id')];
      const shots: Record<string, number> = {};
      const step = async (name: string) => {
        for (const [who, page] of [
          ['alice', alice.page],
          ['bob', bob.page],
        ] as const) {
          await legible(page);
          const { diffPixels } = await compareScreenshot(
            page,
            `${opening.ruleset}-${name}-${who}`,
            mask(page),
          );
          shots[`${name}-${who}`] = diffPixels;
        }
      };
      const version = async (page: Page) => Number(await page.locator('.table').getAttribute('data-version'));
      // Both pages show the game as the server has it now (a refused move may still bump the version:
      // NO_MOVE is an event).
      const sameVersion = async () => {
        const v = (await loadGame(suite.server, created.game.id, created.seats[0]!.token)).version;
        for (const page of both) await expect.poll(() => version(page), WAIT).toBe(v);
      };
      try {
        // 1. A drag the rules refuse: the reason and its rule, in the zone it was dropped on.
        const { refused } = opening;
        let note;
        if ('card' in refused) {
          const to = zone(alice.page, refused.to.type, refused.to.shared);
          await cardIn(alice.page, 'hand', false, refused.card).dragTo(to);
          note = to.locator('.refusal');
          await note.waitFor(WAIT);
          await cardIn(alice.page, 'hand', false, refused.card).waitFor(WAIT);
        } else {
          await alice.page
            .locator(`[data-seat="0"] .player-counters [data-counter-kind="${refused.below}"] .minus`)
            .click();
          note = alice.page.locator('[data-seat="0"] > .refusal');
          await note.waitFor(WAIT);
        }
        expect(await note.locator('.refusal-rule').innerText()).toBe(refused.rule);
        expect((await note.locator('.refusal-text').innerText()).length).toBeGreaterThan(10);
        expect(await bob.page.locator('.refusal').count()).toBe(0);
        // Only what a seat may use is enabled: Bob may not take from Alice's hand, nor end her turn.
        const aliceHand = bob.page.locator('[data-seat="0"] section[data-zone-type="hand"] .card');
        expect(await aliceHand.getAttribute('draggable')).toBe('false');
        expect(await aliceHand.locator('.card-menu-button').count()).toBe(0);
        expect(await bob.page.locator('.next-phase').isDisabled()).toBe(true);
        expect(await alice.page.locator('.next-phase').isDisabled()).toBe(false);
        await sameVersion();
        await step('1-refused');

        // 2. A drag into a shared zone: both pages show the card with Alice's mark.
        await note.locator('.refusal-close').click();
        await cardIn(alice.page, 'hand', false, opening.played.card).dragTo(
          zone(alice.page, opening.played.to, true),
        );
        for (const page of both) {
          const card = cardIn(page, opening.played.to, true, opening.played.card);
          await card.waitFor(WAIT);
          expect(await card.locator('.owner-mark .owner-name').innerText()).toBe('Alice');
        }
        await sameVersion();
        await step('2-drag');

        // 3. The menu: face down. Alice sees the card (flagged face down), Bob a back and no name.
        const { faceDown } = opening;
        await cardIn(alice.page, 'hand', false, faceDown.card).locator('.card-menu-button').click();
        const menu = alice.page.locator('.card-menu');
        await menu.waitFor(WAIT);
        await menu.locator('.face-down-toggle').click();
        expect(await menu.locator('.face-down-toggle').getAttribute('aria-checked')).toBe('true');
        const destination = zone(alice.page, faceDown.to.type, faceDown.to.shared);
        const toId = await destination.getAttribute('data-zone-id');
        await menu.locator(`[role="menuitem"][data-destination="${toId}"]`).click();
        const placed = cardIn(alice.page, faceDown.to.type, faceDown.to.shared, faceDown.card);
        await placed.waitFor(WAIT);
        expect(await placed.getAttribute('data-face')).toBe('down');
        await expect
          .poll(
            () => zone(bob.page, faceDown.to.type, faceDown.to.shared).locator('.count').innerText(),
            WAIT,
          )
          .toBe(await destination.locator('.count').innerText());
        await sameVersion();
        expect(await bob.page.locator('body').innerText()).not.toContain(faceDown.card);
        expect(await bob.page.content()).not.toContain(faceDown.card);
        await step('3-menu-face-down');

        // 4. The keyboard: F turns the face-down card up (Bob now sees it); on the played card, D
        //    opens its details, where a counter is added from the keyboard.
        await placed.focus();
        await alice.page.keyboard.press('f');
        await cardIn(bob.page, faceDown.to.type, faceDown.to.shared, faceDown.card).waitFor(WAIT);
        const { counter } = opening;
        const holder = (page: Page) =>
          counter.on === 'played'
            ? cardIn(page, opening.played.to, true, opening.played.card)
            : cardIn(page, faceDown.to.type, faceDown.to.shared, faceDown.card);
        await holder(alice.page).focus();
        await alice.page.keyboard.press('d');
        // The panel opened from the keyboard gives its counter field the focus.
        await expect
          .poll(() => alice.page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
          .toBe('kind');
        await alice.page.keyboard.type(counter.kind);
        await alice.page.keyboard.press('Enter');
        for (const page of both)
          await holder(page)
            .locator(`.badge.counter[data-counter-kind="${counter.kind}"][data-amount="1"]`)
            .waitFor(WAIT);
        await alice.page.locator('.card-panel .close').click();
        await sameVersion();
        await step('4-keyboard');

        for (const { problems, notFound } of [alice, bob]) {
          expectCleanPage(problems);
          expect(notFound).toEqual([]);
        }
        for (const [name, pixels] of Object.entries(shots))
          expect(pixels, name).toBeLessThanOrEqual(MAX_DIFF_PIXELS);
      } catch (err) {
        await alice.page.screenshot({ path: `/tmp/probe/${opening.ruleset}-fail-alice.png`, fullPage: true });
        throw err;
      } finally {
        await alice.context.close();
        await bob.context.close();
      }
    }, 90_000);
  }
});
