/**
 * Appends `value` to the list of `key` in `map`, creating it. In place: building a group by
 * copying its list per element (`[...(map.get(k) ?? []), v]`) is quadratic in the group's size,
 * which at 100k runs in one group was seconds to minutes per view (issue 22, ADR 10).
 */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
