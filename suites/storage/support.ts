// Helpers shared by the storage specs.

/** The error a call is refused with, thrown or as a rejection (the spec does not say which), or undefined. */
export async function refusal(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}
