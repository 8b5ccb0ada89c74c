#!/usr/bin/env node
/**
 * Builds the vault program: C sources → LLVM bitcode (clang) → one module (llvm-link) → a BPF
 * object (llc) → an SBPF v0 shared object (sbpf-link.mjs) at dist/dum_vault.so.
 *
 *   node programs/vault/build.mjs            rebuild dist/dum_vault.so
 *   node programs/vault/build.mjs --check    rebuild into a temporary file and fail if its bytes
 *                                            differ from the committed dist/dum_vault.so
 *
 * Reproducible: the sources are taken in name order, the flags are fixed, no paths, dates or
 * debug information reach the output, and the post-linker only copies code, read-only data and
 * the tables it builds itself. The same sources and the same compiler (Debian's clang 14) give
 * the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkSbpf } from './sbpf-link.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.join(here, 'src');
const output = path.join(here, 'dist', 'dum_vault.so');
const EXPECTED_LLVM_MAJOR = 14;

const CLANG_FLAGS = [
  '-target',
  'bpf',
  '-mcpu=v2', // v3 emits 32-bit jumps that the SBPF v0 verifier rejects
  '-O2',
  '-ffreestanding',
  '-fno-builtin',
  '-fno-stack-protector',
  '-std=c11',
  '-Wall',
  '-Wextra',
  '-Werror',
  '-emit-llvm',
];

function tool(candidates) {
  for (const name of candidates) {
    try {
      execFileSync(name, ['--version'], { stdio: 'ignore' });
      return name;
    } catch {
      // try the next name
    }
  }
  throw new Error(
    `none of ${candidates.join(', ')} found: install clang and lld (apt-get install -y clang lld)`,
  );
}

function llvmMajor(command) {
  const text = execFileSync(command, ['--version'], { encoding: 'utf8' });
  const match = /version (\d+)\./.exec(text);
  return match ? Number(match[1]) : null;
}

export function buildProgram() {
  const clang = tool(['clang-14', 'clang']);
  const llvmLink = tool(['llvm-link-14', 'llvm-link']);
  const llc = tool(['llc-14', 'llc']);
  for (const command of [clang, llvmLink, llc]) {
    const major = llvmMajor(command);
    if (major !== EXPECTED_LLVM_MAJOR) {
      // Another LLVM compiles too, but to other bytes than the committed build.
      process.stderr.write(
        `warning: ${command} is LLVM ${major}, the committed build uses LLVM ${EXPECTED_LLVM_MAJOR}\n`,
      );
    }
  }
  const sources = readdirSync(sourceDir)
    .filter((name) => name.endsWith('.c'))
    .sort();
  const work = mkdtempSync(path.join(tmpdir(), 'dum-vault-build-'));
  try {
    const bitcode = sources.map((name) => {
      const out = path.join(work, `${path.basename(name, '.c')}.bc`);
      // Relative source names and a fixed working directory keep paths out of the module.
      execFileSync(clang, [...CLANG_FLAGS, '-c', path.join('src', name), '-o', out], {
        cwd: here,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      return out;
    });
    const linked = path.join(work, 'dum_vault.bc');
    execFileSync(llvmLink, [...bitcode, '-o', linked], { stdio: 'inherit' });
    const object = path.join(work, 'dum_vault.o');
    execFileSync(llc, ['-march=bpf', '-mcpu=v2', '-O2', '-filetype=obj', linked, '-o', object], {
      stdio: 'inherit',
    });
    return linkSbpf(readFileSync(object));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function main() {
  const check = process.argv.includes('--check');
  const { so, textSize, rodataSize, syscalls } = buildProgram();
  if (check) {
    let committed;
    try {
      committed = readFileSync(output);
    } catch {
      process.stderr.write(`${path.relative(process.cwd(), output)} is missing\n`);
      process.exit(1);
    }
    if (!committed.equals(so)) {
      process.stderr.write(
        `dum_vault.so differs from a fresh build (committed ${sha256(committed)}, built ${sha256(so)}):\n` +
          'run `npm run program:build` and commit dist/dum_vault.so\n',
      );
      process.exit(1);
    }
    process.stdout.write(
      `dum_vault.so is reproducible (${so.length} bytes, sha256 ${sha256(so)})\n`,
    );
    return;
  }
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, so);
  process.stdout.write(
    `${path.relative(process.cwd(), output)}: ${so.length} bytes (text ${textSize}, rodata ${rodataSize}), ` +
      `sha256 ${sha256(so)}\nsyscalls: ${syscalls.join(', ')}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
