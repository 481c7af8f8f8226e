// LangGraph's search filter on item values (pure): exact matches and the $eq $ne $gt $gte $lt $lte $in $nin
// operators on top-level fields, as LangGraph's own stores apply them.

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((k) => OPERATORS.has(k))
  );
}

/** Structural equality of JSON values (LangGraph's `===` would never match two equal objects). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = Object.entries(a as Record<string, unknown>);
  const right = b as Record<string, unknown>;
  return (
    left.length === Object.keys(right).length && left.every(([k, v]) => k in right && jsonEqual(v, right[k]))
  );
}

function compare(actual: unknown, condition: unknown): boolean {
  if (!isOperatorObject(condition)) return jsonEqual(actual, condition);
  return Object.entries(condition).every(([op, expected]) => {
    switch (op) {
      case '$eq':
        return jsonEqual(actual, expected);
      case '$ne':
        return !jsonEqual(actual, expected);
      case '$gt':
        return Number(actual) > Number(expected);
      case '$gte':
        return Number(actual) >= Number(expected);
      case '$lt':
        return Number(actual) < Number(expected);
      case '$lte':
        return Number(actual) <= Number(expected);
      case '$in':
        return Array.isArray(expected) && expected.some((e) => jsonEqual(actual, e));
      case '$nin':
        return !Array.isArray(expected) || !expected.some((e) => jsonEqual(actual, e));
      default:
        return false;
    }
  });
}

/** True when every field condition of `filter` holds for `value`. */
export function matchesFilter(
  value: Record<string, unknown>,
  filter: Record<string, unknown> | undefined,
): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, condition]) => compare(value[field], condition));
}
