/**
 * A value made the first time it is asked for, then kept. For Intl formatters and sorted tables at module
 * level: building one costs a phone several milliseconds (ICU data), paid by every page that loads the
 * module, while most pages never use most of them.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
