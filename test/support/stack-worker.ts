// Each Jest worker of the stack's projects talks to a stack of its own (the global setup starts one per
// worker): its addresses replace the first stack's in this test file's environment before anything reads them.
const environments = JSON.parse(process.env.PORTAL_TEST_STACK_ENVIRONMENTS ?? '[]') as Array<Record<string, string>>;
const worker = Number(process.env.JEST_WORKER_ID ?? 1);
Object.assign(process.env, environments[(worker - 1) % Math.max(1, environments.length)]);
