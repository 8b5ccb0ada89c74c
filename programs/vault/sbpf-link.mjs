/**
 * A post-linker for Solana programs compiled by stock LLVM (`llc -march=bpf -mcpu=v2`).
 *
 * `ld.lld` cannot link BPF objects into the shared object the Solana loader wants (it rejects
 * R_BPF_64_32 and local R_BPF_64_64 relocations), so this turns one relocatable object into an
 * SBPF v0 shared object that the loader's lenient (v0) parser accepts:
 *
 * - ELF64, little-endian, ET_DYN, e_machine 247 (EM_BPF), e_flags 0 (SBPF v0); program headers
 *   (PT_LOAD for code, read-only data and the dynamic tables, PT_DYNAMIC) with vaddr == offset,
 *   for standard tools: the v0 loader itself reads sections;
 * - exactly one `.text`, then one `.rodata` (every `.rodata*` input section merged), each with
 *   `sh_addr == sh_offset`; e_entry is the address of the `entrypoint` function;
 * - `.dynamic` (DT_REL, DT_RELSZ, DT_RELENT = 16, DT_SYMTAB, DT_SYMENT, DT_STRTAB, DT_STRSZ,
 *   DT_TEXTREL), `.dynsym`, `.dynstr`, `.rel.dyn`, `.shstrtab`, then the section headers, all in
 *   file order after the NULL entry;
 * - calls to functions defined in the object become pc-relative (`imm = target - pc - 1`), which
 *   the loader registers itself; calls to undefined symbols are syscalls: `call -1` plus an
 *   R_BPF_64_32 relocation against a dynamic symbol of that name (the loader hashes the name);
 * - `lddw` of read-only data gets the section-relative address written into its two immediates
 *   plus an R_BPF_64_RELATIVE relocation (the loader adds the program region's base address).
 *
 * Writable data (`.data`, `.bss`) and relocations inside data are refused: the program must not
 * have mutable globals or tables of pointers. The output depends only on the input bytes.
 */

const EM_BPF = 247;
const ET_REL = 1;
const ET_DYN = 3;
const SHT_PROGBITS = 1;
const SHT_SYMTAB = 2;
const SHT_STRTAB = 3;
const SHT_NOBITS = 8;
const SHT_REL = 9;
const SHT_DYNAMIC = 6;
const SHT_DYNSYM = 11;
const SHF_WRITE = 0x1;
const SHF_ALLOC = 0x2;
const SHF_EXECINSTR = 0x4;
const SHN_UNDEF = 0;
const STT_FUNC = 2;
const STT_SECTION = 3;
const STB_GLOBAL = 1;
const R_BPF_64_64 = 1;
const R_BPF_64_RELATIVE = 8;
const R_BPF_64_32 = 10;
const DT_NULL = 0;
const DT_STRTAB = 5;
const DT_SYMTAB = 6;
const DT_STRSZ = 10;
const DT_SYMENT = 11;
const DT_REL = 17;
const DT_RELSZ = 18;
const DT_RELENT = 19;
const DT_TEXTREL = 22;
const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const PF_X = 1;
const PF_W = 2;
const PF_R = 4;
const CALL_IMM = 0x85;
const LDDW = 0x18;
const INSN = 8;

export class LinkError extends Error {
  constructor(message) {
    super(message);
    this.name = 'LinkError';
  }
}

function fail(message) {
  throw new LinkError(message);
}

function readCString(bytes, offset) {
  let end = offset;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return Buffer.from(bytes.subarray(offset, end)).toString('latin1');
}

/** Parses the parts of a relocatable ELF64 object the linker needs. */
function parseObject(input) {
  const bytes = Buffer.from(input);
  if (bytes.readUInt32BE(0) !== 0x7f454c46) fail('not an ELF file');
  if (bytes[4] !== 2 || bytes[5] !== 1) fail('expected a 64-bit little-endian ELF object');
  if (bytes.readUInt16LE(16) !== ET_REL) fail('expected a relocatable object (ET_REL)');
  if (bytes.readUInt16LE(18) !== EM_BPF) fail('expected a BPF object (EM_BPF)');
  const shoff = Number(bytes.readBigUInt64LE(40));
  const shentsize = bytes.readUInt16LE(58);
  const shnum = bytes.readUInt16LE(60);
  const shstrndx = bytes.readUInt16LE(62);
  const sections = [];
  for (let i = 0; i < shnum; i++) {
    const at = shoff + i * shentsize;
    sections.push({
      index: i,
      nameOffset: bytes.readUInt32LE(at),
      type: bytes.readUInt32LE(at + 4),
      flags: Number(bytes.readBigUInt64LE(at + 8)),
      offset: Number(bytes.readBigUInt64LE(at + 24)),
      size: Number(bytes.readBigUInt64LE(at + 32)),
      link: bytes.readUInt32LE(at + 40),
      info: bytes.readUInt32LE(at + 44),
      align: Number(bytes.readBigUInt64LE(at + 48)),
      entsize: Number(bytes.readBigUInt64LE(at + 56)),
    });
  }
  const names = sections[shstrndx];
  for (const section of sections) {
    section.name = readCString(bytes, names.offset + section.nameOffset);
    section.data =
      section.type === SHT_NOBITS
        ? new Uint8Array(0)
        : bytes.subarray(section.offset, section.offset + section.size);
  }
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  if (!symtab) fail('the object has no symbol table');
  const strtab = sections[symtab.link];
  const symbols = [];
  for (let at = 0; at < symtab.size; at += 24) {
    const base = symtab.offset + at;
    const info = bytes[base + 4];
    symbols.push({
      name: readCString(bytes, strtab.offset + bytes.readUInt32LE(base)),
      type: info & 0xf,
      bind: info >> 4,
      shndx: bytes.readUInt16LE(base + 6),
      value: Number(bytes.readBigUInt64LE(base + 8)),
      size: Number(bytes.readBigUInt64LE(base + 16)),
    });
  }
  return { sections, symbols };
}

function alignUp(value, alignment) {
  const a = Math.max(1, alignment);
  return Math.ceil(value / a) * a;
}

class StringTable {
  constructor() {
    this.bytes = [0];
    this.offsets = new Map([['', 0]]);
  }

  add(name) {
    const known = this.offsets.get(name);
    if (known !== undefined) return known;
    const offset = this.bytes.length;
    for (const ch of Buffer.from(name, 'latin1')) this.bytes.push(ch);
    this.bytes.push(0);
    this.offsets.set(name, offset);
    return offset;
  }

  toBuffer() {
    return Buffer.from(this.bytes);
  }
}

/**
 * Links one relocatable BPF object into an SBPF v0 shared object.
 * @param {Uint8Array} objectBytes the output of `llc -march=bpf -mcpu=v2 -filetype=obj`
 * @param {{ entrypoint?: string }} [options]
 * @returns {{ so: Buffer, textSize: number, rodataSize: number, syscalls: string[] }}
 */
export function linkSbpf(objectBytes, options = {}) {
  const entryName = options.entrypoint ?? 'entrypoint';
  const { sections, symbols } = parseObject(objectBytes);

  const texts = sections.filter((s) => s.type === SHT_PROGBITS && s.flags & SHF_EXECINSTR);
  if (texts.length !== 1 || texts[0].name !== '.text') {
    fail(`expected exactly one executable section named .text, found ${texts.map((s) => s.name)}`);
  }
  const text = texts[0];
  for (const section of sections) {
    if (!(section.flags & SHF_ALLOC) || section === text) continue;
    if (section.flags & SHF_WRITE || section.type === SHT_NOBITS) {
      fail(`writable data is not supported (${section.name}): no mutable globals`);
    }
    if (!section.name.startsWith('.rodata')) fail(`unexpected section ${section.name}`);
  }
  const rodataInputs = sections.filter(
    (s) => s.flags & SHF_ALLOC && !(s.flags & SHF_EXECINSTR) && s.name.startsWith('.rodata'),
  );

  // Layout: ELF header, program headers, .text, .rodata, then the dynamic linking sections.
  const EHDR = 64;
  const PHDR = 56;
  const programHeaderCount = rodataInputs.some((s) => s.size > 0) ? 4 : 3;
  const textOffset = alignUp(EHDR + programHeaderCount * PHDR, 8);
  let cursor = textOffset + text.size;
  const rodataOffset = alignUp(cursor, 8);
  const rodataPlacement = new Map();
  let rodataSize = 0;
  for (const section of rodataInputs) {
    rodataSize = alignUp(rodataSize, section.align);
    rodataPlacement.set(section.index, rodataOffset + rodataSize);
    rodataSize += section.size;
  }
  const sectionAddress = (index) => {
    if (index === text.index) return textOffset;
    const placed = rodataPlacement.get(index);
    if (placed === undefined) fail(`a relocation refers to an unplaced section #${index}`);
    return placed;
  };

  const textBytes = Buffer.from(text.data);
  const dynstr = new StringTable();
  const dynsyms = [{ name: 0, info: 0, shndx: 0, value: 0, size: 0 }];
  const dynsymIndex = new Map();
  const dynamicRelocations = [];
  const syscalls = [];

  const entrySymbol = symbols.find(
    (s) => s.name === entryName && s.shndx === text.index && s.type === STT_FUNC,
  );
  if (!entrySymbol) fail(`no function named ${entryName} in .text`);
  if (entrySymbol.value % INSN !== 0) fail('the entrypoint is not instruction-aligned');

  const rel = sections.filter((s) => s.type === SHT_REL);
  for (const table of rel) {
    const target = sections[table.info];
    if (!(target.flags & SHF_ALLOC)) continue; // debug information and the like
    if (target !== text) fail(`relocations in ${target.name} are not supported (no pointer data)`);
    for (let at = 0; at < table.size; at += 16) {
      const offset = Number(Buffer.from(table.data).readBigUInt64LE(at));
      const info = Buffer.from(table.data).readBigUInt64LE(at + 8);
      const type = Number(info & 0xffffffffn);
      const symbol = symbols[Number(info >> 32n)];
      if (!symbol) fail(`relocation at ${offset} refers to a missing symbol`);
      const opcode = textBytes[offset];
      if (type === R_BPF_64_32) {
        if (opcode !== CALL_IMM) fail(`R_BPF_64_32 at ${offset} is not on a call`);
        if (symbol.shndx === SHN_UNDEF) {
          let index = dynsymIndex.get(symbol.name);
          if (index === undefined) {
            index = dynsyms.length;
            dynsyms.push({
              name: dynstr.add(symbol.name),
              info: (STB_GLOBAL << 4) | 0,
              shndx: 0,
              value: 0,
              size: 0,
            });
            dynsymIndex.set(symbol.name, index);
            syscalls.push(symbol.name);
          }
          textBytes.writeInt32LE(-1, offset + 4);
          dynamicRelocations.push({ offset: textOffset + offset, sym: index, type: R_BPF_64_32 });
        } else if (symbol.shndx === text.index && symbol.type === STT_FUNC) {
          const delta = (symbol.value - (offset + INSN)) / INSN;
          if (!Number.isInteger(delta)) fail(`misaligned call target ${symbol.name}`);
          if (delta === -1) fail(`call at ${offset} would encode as a syscall`);
          textBytes.writeInt32LE(delta, offset + 4);
        } else {
          fail(`call to ${symbol.name}, which is not a function in .text`);
        }
      } else if (type === R_BPF_64_64) {
        if (opcode !== LDDW) fail(`R_BPF_64_64 at ${offset} is not on lddw`);
        if (symbol.shndx === SHN_UNDEF) fail(`undefined data symbol ${symbol.name}`);
        const base =
          symbol.type === STT_SECTION
            ? sectionAddress(symbol.shndx)
            : sectionAddress(symbol.shndx) + symbol.value;
        // REL relocations keep their addend in the instruction's immediates.
        const addend =
          BigInt(textBytes.readUInt32LE(offset + 4)) |
          (BigInt(textBytes.readUInt32LE(offset + 12)) << 32n);
        const address = BigInt(base) + addend;
        if (address === 0n) fail('an lddw would load address 0, which the loader refuses');
        textBytes.writeUInt32LE(Number(address & 0xffffffffn), offset + 4);
        textBytes.writeUInt32LE(Number(address >> 32n), offset + 12);
        dynamicRelocations.push({ offset: textOffset + offset, sym: 0, type: R_BPF_64_RELATIVE });
      } else {
        fail(`unsupported relocation type ${type} at ${offset} (${symbol.name})`);
      }
    }
  }
  // The entrypoint as an exported function, as a regular toolchain would leave it.
  dynsyms.push({
    name: dynstr.add(entryName),
    info: (STB_GLOBAL << 4) | STT_FUNC,
    shndx: 1,
    value: textOffset + entrySymbol.value,
    size: entrySymbol.size,
  });
  dynamicRelocations.sort((a, b) => a.offset - b.offset);

  cursor = rodataOffset + rodataSize;
  const dynamicOffset = alignUp(cursor, 8);
  const dynamicEntries = 9;
  cursor = dynamicOffset + dynamicEntries * 16;
  const dynsymOffset = alignUp(cursor, 8);
  cursor = dynsymOffset + dynsyms.length * 24;
  const dynstrBytes = dynstr.toBuffer();
  const dynstrOffset = cursor;
  cursor = dynstrOffset + dynstrBytes.length;
  const relOffset = alignUp(cursor, 8);
  cursor = relOffset + dynamicRelocations.length * 16;

  const shstr = new StringTable();
  const outSections = [
    { name: '', type: 0, flags: 0, addr: 0, offset: 0, size: 0, link: 0, info: 0, align: 0, es: 0 },
    {
      name: '.text',
      type: SHT_PROGBITS,
      flags: SHF_ALLOC | SHF_EXECINSTR,
      addr: textOffset,
      offset: textOffset,
      size: text.size,
      link: 0,
      info: 0,
      align: 8,
      es: 0,
    },
  ];
  if (rodataSize > 0) {
    outSections.push({
      name: '.rodata',
      type: SHT_PROGBITS,
      flags: SHF_ALLOC,
      addr: rodataOffset,
      offset: rodataOffset,
      size: rodataSize,
      link: 0,
      info: 0,
      align: 8,
      es: 0,
    });
  }
  const dynsymSectionIndex = outSections.length + 1;
  const dynstrSectionIndex = outSections.length + 2;
  outSections.push(
    {
      name: '.dynamic',
      type: SHT_DYNAMIC,
      flags: SHF_ALLOC | SHF_WRITE,
      addr: dynamicOffset,
      offset: dynamicOffset,
      size: dynamicEntries * 16,
      link: dynstrSectionIndex,
      info: 0,
      align: 8,
      es: 16,
    },
    {
      name: '.dynsym',
      type: SHT_DYNSYM,
      flags: SHF_ALLOC,
      addr: dynsymOffset,
      offset: dynsymOffset,
      size: dynsyms.length * 24,
      link: dynstrSectionIndex,
      info: 1,
      align: 8,
      es: 24,
    },
    {
      name: '.dynstr',
      type: SHT_STRTAB,
      flags: SHF_ALLOC,
      addr: dynstrOffset,
      offset: dynstrOffset,
      size: dynstrBytes.length,
      link: 0,
      info: 0,
      align: 1,
      es: 0,
    },
    {
      name: '.rel.dyn',
      type: SHT_REL,
      flags: SHF_ALLOC,
      addr: relOffset,
      offset: relOffset,
      size: dynamicRelocations.length * 16,
      link: dynsymSectionIndex,
      info: 0,
      align: 8,
      es: 16,
    },
  );
  for (const section of outSections) section.nameOffset = shstr.add(section.name);
  const shstrtabName = shstr.add('.shstrtab');
  const shstrBytes = shstr.toBuffer();
  const shstrOffset = cursor;
  cursor += shstrBytes.length;
  outSections.push({
    name: '.shstrtab',
    nameOffset: shstrtabName,
    type: SHT_STRTAB,
    flags: 0,
    addr: 0,
    offset: shstrOffset,
    size: shstrBytes.length,
    link: 0,
    info: 0,
    align: 1,
    es: 0,
  });
  const shoff = alignUp(cursor, 8);
  const total = shoff + outSections.length * 64;
  const out = Buffer.alloc(total);

  // ELF header.
  out.writeUInt32BE(0x7f454c46, 0);
  out[4] = 2; // ELFCLASS64
  out[5] = 1; // ELFDATA2LSB
  out[6] = 1; // EV_CURRENT
  out[7] = 0; // ELFOSABI_NONE
  out.writeUInt16LE(ET_DYN, 16);
  out.writeUInt16LE(EM_BPF, 18);
  out.writeUInt32LE(1, 20);
  out.writeBigUInt64LE(BigInt(textOffset + entrySymbol.value), 24);
  out.writeBigUInt64LE(BigInt(EHDR), 32); // e_phoff: right after the header
  out.writeBigUInt64LE(BigInt(shoff), 40);
  out.writeUInt32LE(0, 48); // e_flags: SBPF v0
  out.writeUInt16LE(EHDR, 52);
  out.writeUInt16LE(PHDR, 54);
  out.writeUInt16LE(programHeaderCount, 56);
  out.writeUInt16LE(64, 58);
  out.writeUInt16LE(outSections.length, 60);
  out.writeUInt16LE(outSections.length - 1, 62);

  const segments = [[PT_LOAD, PF_R | PF_X, textOffset, text.size]];
  if (programHeaderCount === 4) segments.push([PT_LOAD, PF_R, rodataOffset, rodataSize]);
  segments.push([
    PT_LOAD,
    PF_R | PF_W,
    dynamicOffset,
    relOffset + dynamicRelocations.length * 16 - dynamicOffset,
  ]);
  segments.push([PT_DYNAMIC, PF_R | PF_W, dynamicOffset, dynamicEntries * 16]);
  if (segments.length !== programHeaderCount) fail('internal: program header count');
  segments.forEach(([type, flags, offset, size], i) => {
    const at = EHDR + i * PHDR;
    out.writeUInt32LE(type, at);
    out.writeUInt32LE(flags, at + 4);
    out.writeBigUInt64LE(BigInt(offset), at + 8); // p_offset
    out.writeBigUInt64LE(BigInt(offset), at + 16); // p_vaddr
    out.writeBigUInt64LE(BigInt(offset), at + 24); // p_paddr
    out.writeBigUInt64LE(BigInt(size), at + 32); // p_filesz
    out.writeBigUInt64LE(BigInt(size), at + 40); // p_memsz
    out.writeBigUInt64LE(8n, at + 48); // p_align
  });

  textBytes.copy(out, textOffset);
  for (const section of rodataInputs) {
    Buffer.from(section.data).copy(out, rodataPlacement.get(section.index));
  }
  const dynamic = [
    [DT_REL, relOffset],
    [DT_RELSZ, dynamicRelocations.length * 16],
    [DT_RELENT, 16],
    [DT_SYMTAB, dynsymOffset],
    [DT_SYMENT, 24],
    [DT_STRTAB, dynstrOffset],
    [DT_STRSZ, dynstrBytes.length],
    [DT_TEXTREL, 0],
    [DT_NULL, 0],
  ];
  dynamic.forEach(([tag, value], i) => {
    out.writeBigUInt64LE(BigInt(tag), dynamicOffset + i * 16);
    out.writeBigUInt64LE(BigInt(value), dynamicOffset + i * 16 + 8);
  });
  dynsyms.forEach((symbol, i) => {
    const at = dynsymOffset + i * 24;
    out.writeUInt32LE(symbol.name, at);
    out[at + 4] = symbol.info;
    out[at + 5] = 0;
    out.writeUInt16LE(symbol.shndx, at + 6);
    out.writeBigUInt64LE(BigInt(symbol.value), at + 8);
    out.writeBigUInt64LE(BigInt(symbol.size), at + 16);
  });
  dynstrBytes.copy(out, dynstrOffset);
  dynamicRelocations.forEach((relocation, i) => {
    const at = relOffset + i * 16;
    out.writeBigUInt64LE(BigInt(relocation.offset), at);
    out.writeBigUInt64LE((BigInt(relocation.sym) << 32n) | BigInt(relocation.type), at + 8);
  });
  shstrBytes.copy(out, shstrOffset);
  outSections.forEach((section, i) => {
    const at = shoff + i * 64;
    out.writeUInt32LE(section.nameOffset ?? 0, at);
    out.writeUInt32LE(section.type, at + 4);
    out.writeBigUInt64LE(BigInt(section.flags), at + 8);
    out.writeBigUInt64LE(BigInt(section.addr), at + 16);
    out.writeBigUInt64LE(BigInt(section.offset), at + 24);
    out.writeBigUInt64LE(BigInt(section.size), at + 32);
    out.writeUInt32LE(section.link, at + 40);
    out.writeUInt32LE(section.info, at + 44);
    out.writeBigUInt64LE(BigInt(section.align), at + 48);
    out.writeBigUInt64LE(BigInt(section.es), at + 56);
  });
  return { so: out, textSize: text.size, rodataSize, syscalls };
}
