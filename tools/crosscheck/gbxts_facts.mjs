#!/usr/bin/env node
// Facts of .Gbx files as gbx-ts (npm `gbx` 1.0.0-rc12) reads them, one JSON
// object per line: node gbxts_facts.mjs PEERS FILES...
// (PEERS: the bench-peers folder whose node/node_modules holds gbx.)
// Facts: map uid, name, author login, environment (mapInfo of the header),
// medals (header 0x03043002), play mode, block count (body 0x0304301F),
// replay time, and per ghost its race time, checkpoint times and respawns.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [peers, ...files] = process.argv.slice(2);
const { GBX } = await import(pathToFileURL(`${peers}/node/node_modules/gbx/dist/index.mjs`).href);
const write = (o) => process.stdout.write(JSON.stringify(o) + '\n');
console.log = () => {};
console.warn = () => {};
console.error = () => {};
const num = (v) => (typeof v === 'number' ? v : null);

function ghost(g) {
  return {
    race_time_ms: num(g.raceTime),
    checkpoints_ms: (g.checkpoints || []).map((c) => num(c.time)),
    respawns: num(g.respawns),
    login: g.ghostLogin ?? null,
  };
}

for (const file of files) {
  try {
    const g = await new GBX(readFileSync(file), 0).parse();
    const out = { file };
    if (g.mapName !== undefined || g.blocks !== undefined) {
      out.map = {
        uid: g.mapInfo?.id ?? null,
        name: g.mapName ?? null,
        author_login: g.mapInfo?.author ?? null,
        environment: g.mapInfo?.collection ?? null,
        medals: [g.bronzeTime, g.silverTime, g.goldTime, g.authorTime].map(num),
        play_mode: num(g.playMode),
        blocks: g.blocks ? g.blocks.length : null,
      };
    }
    if (g.time !== undefined) out.replay_time_ms = num(g.time);
    if (Array.isArray(g.ghosts)) out.ghosts = g.ghosts.map(ghost);
    else if (g.raceTime !== undefined) out.ghosts = [ghost(g)];
    write(out);
  } catch (e) {
    write({ file, error: String(e).split(/\s+/).join(' ').slice(0, 300) });
  }
}
