#!/usr/bin/env node
// Runs @sabaki/deadstones on positions read as JSON lines on stdin:
//   {id, width, height, board: rows top to bottom, 1 black, -1 white, 0 empty}
// and prints one JSON line per position: {id, dead: ["pd", ...] (SGF points), ms}.
// Options: --iterations N (default 100, the library's default too).
'use strict'

const readline = require('readline')
let deadstones
try {
  deadstones = require('@sabaki/deadstones')
} catch (e) {
  console.error('deadstones.js: @sabaki/deadstones is missing: run benches/peers/setup.sh')
  process.exit(2)
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const argIndex = process.argv.indexOf('--iterations')
const iterations = argIndex > 0 ? parseInt(process.argv[argIndex + 1], 10) || 100 : 100

async function main () {
  // Load the wasm module before timing, so the first position does not pay for it.
  await deadstones.guess([[0, 0], [0, 0]], { finished: true, iterations: 1 })
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
  for await (const line of rl) {
    if (!line.trim()) continue
    let pos
    try {
      pos = JSON.parse(line)
    } catch (e) {
      console.error(`deadstones.js: bad JSON line: ${e.message}`)
      continue
    }
    const start = process.hrtime.bigint()
    let vertices
    try {
      vertices = await deadstones.guess(pos.board, { finished: true, iterations })
    } catch (e) {
      console.log(JSON.stringify({ id: pos.id, error: String(e) }))
      continue
    }
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    const dead = vertices.map(([x, y]) => LETTERS[x] + LETTERS[y]).sort()
    console.log(JSON.stringify({ id: pos.id, dead, ms: Math.round(ms * 1000) / 1000 }))
  }
}

main().catch(e => {
  console.error(`deadstones.js: ${e && e.stack ? e.stack : e}`)
  process.exit(1)
})
