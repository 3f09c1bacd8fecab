import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../session/storage';
import { choiceIn, createSortingChoices, type SavedChoice } from './sorting-choices';

const catalog = {
  tomatoType: ['Round', 'Cherry'],
  boxType: ['Crate', 'Carton'],
};

/** Every choice `saved$` emits while it is subscribed. */
function watch(choices: ReturnType<typeof createSortingChoices>, locationId: string) {
  const seen: SavedChoice[] = [];
  const subscription = choices.saved$(locationId).subscribe((choice) => seen.push(choice));
  return { seen, stop: () => subscription.unsubscribe() };
}

describe('sorting choices (issue 20: type, box, option and pallet type stay as last chosen)', () => {
  it('keeps a choice per location across a reload (a new store over the same storage)', () => {
    const storage = createMemoryStorage();
    const first = createSortingChoices(storage);
    first.choose('l1', { tomatoType: 'Cherry' });
    first.choose('l1', { boxType: 'Carton' });
    first.choose('l2', { tomatoType: 'Round' });
    const reloaded = watch(createSortingChoices(storage), 'l1');
    expect(reloaded.seen).toEqual([{ tomatoType: 'Cherry', boxType: 'Carton' }]);
    expect(watch(createSortingChoices(storage), 'l2').seen).toEqual([{ tomatoType: 'Round' }]);
  });

  it("tells each change to the location's readers only, until they leave", () => {
    const choices = createSortingChoices(createMemoryStorage());
    const here = watch(choices, 'l1');
    const there = watch(choices, 'l2');
    choices.choose('l1', { tomatoType: 'Cherry' });
    here.stop();
    choices.choose('l1', { tomatoType: 'Round' });
    expect(here.seen).toEqual([{}, { tomatoType: 'Cherry' }]);
    expect(there.seen).toEqual([{}]);
  });

  it('reads nothing from what it did not write: broken JSON, non-objects, non-string values', () => {
    const storage = createMemoryStorage({
      'sorting:a': '{not json',
      'sorting:b': '"Cherry"',
      'sorting:c': JSON.stringify({ tomatoType: 3, boxType: 'Crate' }),
    });
    const choices = createSortingChoices(storage);
    expect(watch(choices, 'a').seen).toEqual([{}]);
    expect(watch(choices, 'b').seen).toEqual([{}]);
    expect(watch(choices, 'c').seen).toEqual([{ boxType: 'Crate' }]);
  });
});

describe('choiceIn', () => {
  const both = ['tomatoType', 'boxType'] as const;

  it("keeps what the catalogue still offers, else takes the catalogue's first value", () => {
    expect(choiceIn(both, { tomatoType: 'Cherry', boxType: 'Pallet box' }, catalog)).toEqual({
      tomatoType: 'Cherry',
      boxType: 'Crate',
    });
    expect(choiceIn(both, {}, catalog)).toEqual({ tomatoType: 'Round', boxType: 'Crate' });
    // while the catalogue loads nothing can be chosen
    expect(choiceIn(['tomatoType'], { tomatoType: 'Cherry' }, { tomatoType: [] })).toEqual({
      tomatoType: '',
    });
  });

  it('holds the attributes asked for only: a pallet made of it gets no other field', () => {
    // the server's catalogue answer carries more than the lists (its location, for one)
    const answer = { ...catalog, locationId: 'l1' } as unknown as typeof catalog;
    expect(choiceIn(both, { tomatoType: 'Cherry', locationId: 'l2' }, answer)).toEqual({
      tomatoType: 'Cherry',
      boxType: 'Crate',
    });
  });
});
