// Reads each map named on the command line with gbx-ts (npm `gbx`
// 1.0.0-rc12, body LZO via `lzo-ts`) and prints one tab-separated line per
// file: gbx-ts, path, ok|error, map name, block count, first block name.
// Run from the peers' node folder (tools/peer_readback.sh does).
import { GBX } from 'gbx';
import { readFileSync } from 'node:fs';

const clean = (s) => String(s ?? '').replace(/[\t\n]/g, ' ');
for (const path of process.argv.slice(2)) {
  try {
    const node = await new GBX(readFileSync(path), 0).parse();
    const blocks = node.blocks ?? [];
    const first = blocks[0]?.blockName ?? blocks[0]?.name ?? '';
    console.log(['gbx-ts', path, 'ok', clean(node.mapName), blocks.length, clean(first)].join('\t'));
  } catch (e) {
    console.log(['gbx-ts', path, 'error', clean(e?.message ?? e).slice(0, 200), '', ''].join('\t'));
  }
}
