// Violates: "cursor.next() | none | {done, value}; done false with value the next row object; done true with no value when consumed".
// Misreading: "no value" is null: a consumed cursor answers {done: true, value: null}.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('sql-next-done-null', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    next: () => {
      const result = cursor.next();
      return result.done ? { done: true, value: null } : result;
    },
  })),
});
