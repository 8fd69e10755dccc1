import { Bot, Check } from 'lucide-react';

/** The three drawings: the QR code, the training questions, a chat answered by the AI. */
export type StepImage = 'qr' | 'questions' | 'chat';

/** Small drawings for the three steps, in JSX/SVG so nothing is fetched (docs/product/data.md: step image). */
export function StepIllustration({ image }: { image: StepImage }) {
  return (
    <div
      aria-hidden
      className="flex h-40 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-brand-50 to-slate-50 ring-1 ring-slate-200/70"
    >
      {image === 'qr' ? <QrDrawing /> : image === 'questions' ? <QuestionsDrawing /> : <ChatDrawing />}
    </div>
  );
}

const QR_SIZE = 21;

/** A QR-looking grid: the three finder squares plus a fixed pseudo-random pattern. */
function qrCells() {
  const cells: Array<[number, number]> = [];
  let seed = 7;
  const inFinder = (x: number, y: number) => (x < 8 && y < 8) || (x > 12 && y < 8) || (x < 8 && y > 12);
  for (let y = 0; y < QR_SIZE; y++) {
    for (let x = 0; x < QR_SIZE; x++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      if (!inFinder(x, y) && seed % 100 < 45) cells.push([x, y]);
    }
  }
  return cells;
}
const QR_CELLS = qrCells();

function Finder({ x, y }: { x: number; y: number }) {
  return (
    <>
      <rect x={x} y={y} width={7} height={7} fill="#0f172a" />
      <rect x={x + 1} y={y + 1} width={5} height={5} fill="#fff" />
      <rect x={x + 2} y={y + 2} width={3} height={3} fill="#0f172a" />
    </>
  );
}

function QrDrawing() {
  return (
    <div className="relative">
      <div className="rounded-2xl bg-white p-3 shadow-md ring-1 ring-slate-200">
        <svg viewBox={`0 0 ${QR_SIZE} ${QR_SIZE}`} className="size-24" shapeRendering="crispEdges">
          {QR_CELLS.map(([x, y]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill="#0f172a" />
          ))}
          <Finder x={0} y={0} />
          <Finder x={14} y={0} />
          <Finder x={0} y={14} />
        </svg>
      </div>
      <span className="absolute -right-3 -bottom-3 flex size-9 items-center justify-center rounded-full bg-brand-600 text-white shadow-md ring-4 ring-white">
        <Check className="size-5" strokeWidth={3} />
      </span>
    </div>
  );
}

function QuestionsDrawing() {
  return (
    <div className="w-56 space-y-2.5">
      <div className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
        <p className="text-[11px] font-semibold text-slate-800">O que o seu negócio vende?</p>
        <p className="mt-1.5 rounded-md bg-slate-50 px-2 py-1 text-[11px] text-slate-600 ring-1 ring-slate-200">
          Limpeza de pele e massagens
        </p>
      </div>
      <div className="ml-6 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
        <p className="text-[11px] font-semibold text-slate-800">Qual é o seu tom de voz?</p>
        <p className="mt-1.5 flex items-center gap-1 rounded-md bg-brand-50 px-2 py-1 text-[11px] text-brand-800 ring-1 ring-brand-200">
          Leve e acolhedor
          <Check className="ml-auto size-3" strokeWidth={3} />
        </p>
      </div>
    </div>
  );
}

function ChatDrawing() {
  return (
    <div className="w-56 space-y-2 text-[11px] leading-snug">
      <p className="w-fit max-w-[80%] rounded-xl rounded-tl-sm bg-white px-2.5 py-1.5 text-slate-700 shadow-sm ring-1 ring-slate-200">
        Aceita Pix?
      </p>
      <p className="ml-auto w-fit max-w-[85%] rounded-xl rounded-tr-sm bg-brand-100 px-2.5 py-1.5 text-slate-800 shadow-sm">
        Aceito sim! Te mando a chave para garantir sua vaga?
      </p>
      <p className="ml-auto flex w-fit items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-[10px] font-semibold text-white">
        <Bot className="size-3" />
        Respondido pela IA em segundos
      </p>
    </div>
  );
}
