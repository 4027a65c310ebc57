// The errors every layer may raise and the CLI turns into one line on stderr and exit code 2:
// the user asked for something that cannot be (UsageError), or the target cannot be reached
// (UnreachableError). Anything else that escapes is a defect of specgate.

/** Bad usage: a flag, a config field, a file the user named. Its message is the whole explanation. */
export class UsageError extends Error {}

/** The target (or its control API) gives no answer at all. */
export class UnreachableError extends Error {}
