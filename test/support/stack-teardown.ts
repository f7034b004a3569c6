export default async function stopStacksForTests(): Promise<void> {
  await Promise.all((globalThis.portalStacks ?? []).map((stack) => stack.stop()));
  globalThis.portalStacks = undefined;
}
