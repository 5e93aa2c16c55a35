// Loaded into a server process by upload-memory.test.ts (node --expose-gc --import this file): on
// SIGUSR2 a full garbage collection, then one line with the process's memory, so the test reads
// the bytes of ArrayBuffers still alive (an upload held in memory) without counting garbage.
process.on('SIGUSR2', () => {
  globalThis.gc();
  console.log(JSON.stringify({ memoryProbe: process.memoryUsage() }));
});
