export default async function stopStackForTests(): Promise<void> {
  await globalThis.portalStack?.stop();
  globalThis.portalStack = undefined;
}
