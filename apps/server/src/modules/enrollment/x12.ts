import x12 from 'node-x12';
import type { X12Interchange as Interchange, X12Segment as Segment } from 'node-x12';

/**
 * Reading an X12 interchange (docs/decisions/051): node-x12 tokenizes it — the delimiters come from the
 * ISA segment (element separator at ISA position 4, repetition ISA11, component ISA16, the terminator
 * after ISA16), line breaks after terminators are ignored — and checks the envelope's counts and
 * control numbers in strict mode. This file turns its object model into numbered segments and its
 * refusals into a segment number and a reason, and checks what it lets through (a missing GE or IEA).
 */

const { X12Parser } = x12;

export interface X12Segment {
  tag: string;
  /** Elements 1…n (element 0, the tag, left out): `elements[0]` is XX01. */
  elements: string[];
  /** 1-based position in the file (ISA is 1). */
  position: number;
  /** 1-based position within its transaction set (ST is 1), or 0 outside one. */
  positionInSet: number;
}

export interface X12TransactionSet {
  /** ST02. */
  controlNumber: string;
  /** ST01. */
  code: string;
  /** ST03 (the implementation guide), or ''. */
  guide: string;
  /** The segments between ST and SE. */
  segments: X12Segment[];
  start: X12Segment;
}

export interface X12Envelope {
  senderQualifier: string;
  senderId: string;
  receiverQualifier: string;
  receiverId: string;
  /** ISA13 as written (nine digits). */
  controlNumber: string;
  date: string;
  time: string;
  usage: string;
  delimiters: { element: string; repetition: string; component: string; segment: string };
}

export interface X12Group {
  functionalId: string;
  controlNumber: string;
  version: string;
  sender: string;
  receiver: string;
  transactions: X12TransactionSet[];
}

export interface X12File {
  envelope: X12Envelope;
  groups: X12Group[];
  segmentCount: number;
}

/**
 * A file that cannot be read as a whole: the segment it broke at (1-based, null when none can be named),
 * why, and — for an envelope error — the TA1 note code (X12 TA105) its sender is answered with.
 */
export class RefusedFile extends Error {
  constructor(
    readonly segment: number | null,
    readonly reason: string,
    readonly ta1Code: string | null,
    readonly envelope: X12Envelope | null,
  ) {
    super(`segment ${segment === null ? '?' : String(segment)}: ${reason}`);
    this.name = 'RefusedFile';
  }
}

const ISA_LENGTH = 106;

/** The ISA's fixed-width fields, read before the library (whose model keeps ISA13 as a number). */
function readIsa(text: string): X12Envelope {
  if (!text.startsWith('ISA'))
    throw new RefusedFile(1, 'the file does not start with an ISA segment', null, null);
  if (text.length < ISA_LENGTH)
    throw new RefusedFile(1, 'the ISA segment is shorter than its 106 characters', null, null);
  const element = text.charAt(3);
  const fields = text.slice(0, ISA_LENGTH - 1).split(element);
  const segment = text.charAt(ISA_LENGTH - 1);
  if (fields.length !== 17 || /[A-Za-z0-9 ]/.test(element) || /[A-Za-z0-9 ]/.test(segment)) {
    throw new RefusedFile(
      1,
      'the ISA segment is not 16 fixed-width elements followed by a segment terminator',
      null,
      null,
    );
  }
  const envelope: X12Envelope = {
    senderQualifier: fields[5] ?? '',
    senderId: (fields[6] ?? '').trim(),
    receiverQualifier: fields[7] ?? '',
    receiverId: (fields[8] ?? '').trim(),
    date: fields[9] ?? '',
    time: fields[10] ?? '',
    controlNumber: fields[13] ?? '',
    usage: fields[15] ?? '',
    delimiters: { element, repetition: fields[11] ?? '^', component: fields[16] ?? ':', segment },
  };
  if (!/^[0-9]{9}$/.test(envelope.controlNumber))
    throw new RefusedFile(1, 'ISA13 is not a nine-digit control number', '018', envelope);
  if (fields[12] !== '00501')
    throw new RefusedFile(1, `ISA12 ${fields[12] ?? ''} is not version 00501`, '017', envelope);
  if (!/^[0-9]{6}$/.test(envelope.date))
    throw new RefusedFile(1, 'ISA09 is not a date YYMMDD', '014', envelope);
  if (!/^[0-9]{4}$/.test(envelope.time))
    throw new RefusedFile(1, 'ISA10 is not a time HHMM', '015', envelope);
  if (envelope.senderId === '') throw new RefusedFile(1, 'ISA06 (the sender) is empty', '006', envelope);
  return envelope;
}

type Position = { line: number; character: number };
/** X12DiagnosticLevel.Error (2; the enum is not among the package's exports). */
const isError = (diagnostic: { level: unknown }) => diagnostic.level === 2;
const before = (a: Position, b: Position) =>
  a.line < b.line || (a.line === b.line && a.character <= b.character);

/** Reads an interchange, or throws {@link RefusedFile} naming the segment and the reason. */
export function parseInterchange(raw: string): X12File {
  const text = raw.replace(/^\uFEFF/, '').replace(/^\s+/, '');
  const envelope = readIsa(text);
  let interchange: Interchange;
  try {
    const parsed = new X12Parser(true).parse(text);
    if (
      !('functionalGroups' in parsed) ||
      Array.isArray((parsed as { interchanges?: unknown }).interchanges)
    ) {
      throw new RefusedFile(null, 'a file holds one interchange (one ISA … IEA)', '024', envelope);
    }
    interchange = parsed;
  } catch (error) {
    if (error instanceof RefusedFile) throw error;
    throw refusalFromLibrary(text, envelope, error);
  }

  // Number every segment in file order, as its sender counts them.
  let position = 0;
  const number = (segment: Segment, inSet: number): X12Segment => {
    position += 1;
    return {
      tag: segment.tag,
      elements: segment.elements.map((element) => element.value),
      position,
      positionInSet: inSet,
    };
  };
  number(interchange.header, 0);
  const groups: X12Group[] = [];
  for (const group of interchange.functionalGroups) {
    const gs = number(group.header, 0);
    const transactions: X12TransactionSet[] = [];
    for (const transaction of group.transactions) {
      const st = number(transaction.header, 1);
      const segments = transaction.segments.map((segment, index) => number(segment, index + 2));
      // Typed as always there; a set cut short has none.
      const se = (transaction as { trailer?: Segment }).trailer;
      if (!se)
        throw new RefusedFile(
          position + 1,
          `transaction set ${st.elements[1] ?? ''} has no SE segment`,
          null,
          envelope,
        );
      number(se, segments.length + 2);
      transactions.push({
        controlNumber: st.elements[1] ?? '',
        code: st.elements[0] ?? '',
        guide: st.elements[2] ?? '',
        segments,
        start: st,
      });
    }
    const trailer = (group as { trailer?: Segment }).trailer;
    if (!trailer)
      throw new RefusedFile(
        position + 1,
        `functional group ${gs.elements[5] ?? ''} has no GE segment`,
        '024',
        envelope,
      );
    const ge = number(trailer, 0);
    if (Number(ge.elements[0]) !== transactions.length) {
      throw new RefusedFile(
        ge.position,
        `GE01 (${ge.elements[0] ?? ''}) does not match the ${String(transactions.length)} transaction sets of the group`,
        null,
        envelope,
      );
    }
    groups.push({
      functionalId: gs.elements[0] ?? '',
      sender: gs.elements[1] ?? '',
      receiver: gs.elements[2] ?? '',
      controlNumber: gs.elements[5] ?? '',
      version: gs.elements[7] ?? '',
      transactions,
    });
  }
  const iea = (interchange as { trailer?: Segment }).trailer;
  if (!iea) throw new RefusedFile(position + 1, 'the interchange has no IEA segment', '023', envelope);
  number(iea, 0);
  if (groups.length === 0)
    throw new RefusedFile(2, 'the interchange holds no functional group', '024', envelope);
  return { envelope, groups, segmentCount: position };
}

/**
 * The library's refusal as a segment number and a reason: its diagnostics (a loose parse) carry the
 * range of what is wrong, which falls within one numbered segment; a structural error names the segment tag.
 */
function refusalFromLibrary(text: string, envelope: X12Envelope, error: unknown): RefusedFile {
  const message =
    error instanceof Error ? error.message.replace(/^X12 Standard:\s*/, '') : 'the file is not X12';
  const ta1Code = /IEA0?2|ISA13/.test(message) ? '001' : /IEA0?1/.test(message) ? '021' : null;
  try {
    const loose = new X12Parser(false);
    const parsed = loose.parse(text) as Interchange;
    const problem = loose.diagnostics.find(isError);
    if (problem) {
      const all: Segment[] = [parsed.header];
      for (const group of parsed.functionalGroups) {
        all.push(group.header);
        for (const transaction of group.transactions) {
          all.push(transaction.header, ...transaction.segments);
          const se = (transaction as { trailer?: Segment }).trailer;
          if (se) all.push(se);
        }
        const trailer = (group as { trailer?: Segment }).trailer;
        if (trailer) all.push(trailer);
      }
      const trailer = (parsed as { trailer?: Segment }).trailer;
      if (trailer) all.push(trailer);
      const at = problem.range.start;
      const index = all.findIndex(
        (segment) => before(segment.range.start, at) && before(at, segment.range.end),
      );
      return new RefusedFile(
        index >= 0 ? index + 1 : null,
        problem.message.replace(/^X12 Standard:\s*/, ''),
        ta1Code,
        envelope,
      );
    }
  } catch {
    // A structural error the loose parse cannot get past either: named by its segment's tag below.
  }
  const tag = /^([A-Z][A-Z0-9]{1,2}) segment/.exec(message)?.[1];
  const segments = text.split(envelope.delimiters.segment).map((segment) => segment.replace(/^\s+/, ''));
  const index = tag
    ? segments.findIndex((segment) => segment.startsWith(`${tag}${envelope.delimiters.element}`))
    : -1;
  return new RefusedFile(index >= 0 ? index + 1 : null, message, ta1Code ?? '024', envelope);
}

/** `YYYYMMDD` → `YYYY-MM-DD` when it is a real calendar day, else null. */
export function x12Date(value: string | undefined): string | null {
  if (!value || !/^[0-9]{8}$/.test(value)) return null;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

// ---------------------------------------------------------------------------------------------------
// Acknowledgments
// ---------------------------------------------------------------------------------------------------

export interface TransactionAck {
  controlNumber: string;
  accepted: boolean;
  /** The segment in error (its tag and position within the set) and the IK304 code. */
  error?: { tag: string; positionInSet: number; code: string; element?: { position: number; code: string } };
}

const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');

function stamp(now: Date) {
  const iso = now.toISOString();
  return {
    yymmdd: iso.slice(2, 10).replace(/-/g, ''),
    ccyymmdd: iso.slice(0, 10).replace(/-/g, ''),
    hhmm: iso.slice(11, 16).replace(':', ''),
  };
}

/** Our answer's ISA: sender and receiver swapped, our own control number. */
function isaFor(envelope: X12Envelope, controlNumber: string, now: Date): string {
  const d = envelope.delimiters;
  const e = d.element;
  const { yymmdd, hhmm } = stamp(now);
  return (
    [
      'ISA',
      '00',
      pad('', 10),
      '00',
      pad('', 10),
      envelope.receiverQualifier,
      pad(envelope.receiverId, 15),
      envelope.senderQualifier,
      pad(envelope.senderId, 15),
      yymmdd,
      hhmm,
      d.repetition,
      '00501',
      controlNumber,
      '0',
      envelope.usage || 'P',
      d.component,
    ].join(e) + d.segment
  );
}

/** The TA1 interchange acknowledgment for an envelope error (or a clean envelope, code 000). */
export function ta1(envelope: X12Envelope, code: string, controlNumber: string, now = new Date()): string {
  const d = envelope.delimiters;
  const e = d.element;
  const lines = [
    isaFor(envelope, controlNumber, now),
    ['TA1', envelope.controlNumber, envelope.date, envelope.time, code === '000' ? 'A' : 'R', code].join(e) +
      d.segment,
    ['IEA', '0', controlNumber].join(e) + d.segment,
  ];
  return lines.join('\n') + '\n';
}

/** The 999 implementation acknowledgment for one functional group of 834s. */
export function ack999(
  envelope: X12Envelope,
  group: { controlNumber: string; version: string; sender: string; receiver: string },
  acks: readonly TransactionAck[],
  controlNumber: string,
  now = new Date(),
): string {
  const d = envelope.delimiters;
  const e = d.element;
  const { ccyymmdd, hhmm } = stamp(now);
  const seg = (...elements: string[]) => elements.join(e).replace(new RegExp(`(\\${e})+$`), '') + d.segment;
  const body: string[] = [
    seg('ST', '999', '0001', '005010X231A1'),
    seg('AK1', 'BE', group.controlNumber, group.version || '005010X220A1'),
  ];
  for (const ack of acks) {
    body.push(seg('AK2', '834', ack.controlNumber, '005010X220A1'));
    if (ack.error) {
      body.push(seg('IK3', ack.error.tag, String(ack.error.positionInSet), '', ack.error.code));
      if (ack.error.element)
        body.push(seg('IK4', String(ack.error.element.position), '', ack.error.element.code));
    }
    body.push(ack.accepted ? seg('IK5', 'A') : seg('IK5', 'R', '5'));
  }
  const accepted = acks.filter((ack) => ack.accepted).length;
  const status = accepted === acks.length ? 'A' : accepted === 0 ? 'R' : 'P';
  body.push(seg('AK9', status, String(acks.length), String(acks.length), String(accepted)));
  body.push(seg('SE', String(body.length + 1), '0001'));
  const lines = [
    isaFor(envelope, controlNumber, now),
    seg(
      'GS',
      'FA',
      group.receiver,
      group.sender,
      ccyymmdd,
      hhmm,
      String(Number(controlNumber)),
      'X',
      '005010X231A1',
    ),
    ...body,
    seg('GE', '1', String(Number(controlNumber))),
    seg('IEA', '1', controlNumber),
  ];
  return lines.join('\n') + '\n';
}
