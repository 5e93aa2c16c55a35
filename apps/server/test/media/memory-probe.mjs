// Loaded into a server process by the memory tests (node --expose-gc --import this file): on
// SIGUSR2 a full garbage collection, then one line with the process's memory, so a test reads
// the bytes of ArrayBuffers still alive (an upload held in memory) without counting garbage, and
// the highest resident memory the process has reached so far (what a burst of work cost at its
// peak, though its garbage is long collected).
process.on('SIGUSR2', () => {
  globalThis.gc();
  const peakResident = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ memoryProbe: { ...process.memoryUsage(), peakResident } }));
});
