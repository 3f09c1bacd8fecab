import { describe, expect, it } from 'vitest';
import { tableOf } from './entities';

const table = (...ids: string[]) => tableOf(ids.map((id) => ({ id, v: 0 })));

describe('entity tables', () => {
  it('reads by id, in display order, with a count; later duplicates are ignored', () => {
    const t = tableOf([
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
      { id: 'a', v: 3 },
    ]);
    expect(t.ids).toEqual(['a', 'b']);
    expect(t.count).toBe(2);
    expect(t.get('a')).toEqual({ id: 'a', v: 1 });
    expect(t.get('zz')).toBeUndefined();
  });

  it('changes a copy: adds in front in their order, puts in place, removes; the base reads as before', () => {
    const base = table('a', 'b', 'c');
    const editor = base.edit();
    editor.add([
      { id: 'x', v: 0 },
      { id: 'b', v: 9 },
      { id: 'y', v: 0 },
    ]);
    editor.put({ id: 'a', v: 5 });
    editor.put({ id: 'q', v: 5 }); // not present: nothing
    editor.remove('c');
    editor.remove('y'); // added by this batch
    editor.remove('q');
    expect(editor.get('a')).toEqual({ id: 'a', v: 5 });
    const next = editor.finish();
    expect(next.ids).toEqual(['x', 'a', 'b']);
    expect(editor.changed).toEqual(['x', 'y', 'a', 'c', 'y']);
    expect(next.get('b')).toBe(base.get('b'));
    expect(base.ids).toEqual(['a', 'b', 'c']);
    expect(base.get('a')).toEqual({ id: 'a', v: 0 });
    expect(base.get('c')).toBeDefined();
  });

  it('keeps its ids and itself when a batch changes nothing, or only puts', () => {
    const base = table('a', 'b');
    expect(base.edit().finish()).toBe(base);
    const editor = base.edit();
    editor.put({ id: 'b', v: 1 });
    expect(editor.finish().ids).toBe(base.ids);
  });

  it('re-adds in front an entity the same batch removed', () => {
    const editor = table('a', 'b').edit();
    editor.remove('b');
    editor.add([{ id: 'b', v: 1 }]);
    expect(editor.finish().ids).toEqual(['b', 'a']);
  });
});
