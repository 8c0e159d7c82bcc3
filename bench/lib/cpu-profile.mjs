// What bench scripts print of a V8 CPU profile (the JSON `--cpu-prof` writes).

/** The top frames of a V8 CPU profile by self time (what `--cpu-prof` writes). */
export function topFrames(profile, count = 15) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  let total = 0;
  for (const [id, us] of dt) {
    const { callFrame: f } = byId.get(id);
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|server)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + us);
    total += us;
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
}
