/**
 * `pick(source, keys)`: a new object with those of `keys` that `source` has (`key in source`),
 * in the order of `keys`. The audiences' serializers (modules/candidacies/candidacies.serializers.ts)
 * pick 30 to 40 fields of every row of a page. Added one by one to `{}`, so many keys turn the
 * object into V8's slow dictionary form (3 µs a row, and slower to read back); here each field
 * list gets two functions written once: one that tells which of its keys a source has, and, for
 * each such combination, one that builds the object in a single literal (0.04 µs a row)
 * (docs/performance.md, 'Rows built in one shape'). The keys are the server's own constant lists,
 * written into the functions as JSON strings.
 */
type Picker = { present: (source: object) => string; build: Map<string, (source: object) => object> };

const pickers = new WeakMap<readonly PropertyKey[], Picker>();

const pickerOf = (keys: readonly PropertyKey[]): Picker => {
  const names = keys.map((key) => {
    if (typeof key !== 'string') throw new Error('pick: the keys are strings');
    return JSON.stringify(key);
  });
  const present = new Function('s', `return ${names.map((name) => `(${name} in s ? '1' : '0')`).join(' + ') || "''"};`);
  return { present: present as Picker['present'], build: new Map() };
};

export const pick = <T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> => {
  let picker = pickers.get(keys);
  if (picker === undefined) {
    picker = pickerOf(keys);
    pickers.set(keys, picker);
  }
  const shape = picker.present(source);
  let build = picker.build.get(shape);
  if (build === undefined) {
    const fields = keys.filter((_, index) => shape[index] === '1').map((key) => JSON.stringify(key));
    build = new Function('s', `return { ${fields.map((name) => `${name}: s[${name}]`).join(', ')} };`) as (source: object) => object;
    picker.build.set(shape, build);
  }
  return build(source) as Pick<T, K>;
};
