const fs = require('fs'); const p = JSON.parse(fs.readFileSync(fs.readdirSync('/tmp/prof').map(f => '/tmp/prof/' + f)[0], 'utf8'));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; 
for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); const url = (n.callFrame.url || n.callFrame.functionName || '?').replace(/.*node_modules\//, '').split('/').slice(0, 2).join('/'); self.set(url, (self.get(url) || 0) + (dt[i] || 0)); }
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v / 1000) | 0} ms ${k}`).join('\n'));
