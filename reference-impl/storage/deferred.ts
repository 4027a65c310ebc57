// A promise with its settle functions (Promise.withResolvers needs Node 22).

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Whoever needs the outcome awaits it; an unobserved rejection is not an error here.
  promise.catch(() => {});
  return { promise, resolve, reject };
}
