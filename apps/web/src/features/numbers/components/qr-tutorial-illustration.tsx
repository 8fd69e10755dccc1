import { cn } from '@/lib/cn';

/** A fixed QR-like pattern (not a real code): the illustration must never be mistaken for the real QR. */
const MODULES = ['1011001', '0110110', '1101011', '0010100', '1011101', '0101010', '1110011'];

function FinderPattern({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <rect x={x} y={y} width="21" height="21" rx="2" fill="#0f172a" />
      <rect x={x + 3} y={y + 3} width="15" height="15" rx="1" fill="#fff" />
      <rect x={x + 6} y={y + 6} width="9" height="9" rx="1" fill="#0f172a" />
    </g>
  );
}

/**
 * The reconnect modal's QR tutorial picture (docs/product/screens.md#whatsapp-numbers): WhatsApp's
 * 'Aparelhos conectados' screen with 'Conectar um aparelho', its camera pointed at a QR on the computer.
 */
export function QrTutorialIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 320 180"
      role="img"
      aria-label="Ilustração: no WhatsApp do celular, abra Aparelhos conectados, toque em Conectar um aparelho e aponte a câmera para o QR Code na tela do computador"
      className={cn('h-auto w-full', className)}
    >
      <rect width="320" height="180" rx="16" fill="#ecfdf5" />
      {/* Computer with the QR */}
      <rect x="168" y="28" width="128" height="96" rx="8" fill="#fff" stroke="#cbd5e1" strokeWidth="2" />
      <rect x="222" y="124" width="20" height="14" fill="#cbd5e1" />
      <rect x="204" y="138" width="56" height="6" rx="3" fill="#94a3b8" />
      <g transform="translate(199 41)">
        <rect
          x="-4"
          y="-4"
          width="74"
          height="74"
          rx="4"
          fill="#fff"
          stroke="#10b981"
          strokeWidth="2"
          strokeDasharray="6 4"
        />
        <FinderPattern x={0} y={0} />
        <FinderPattern x={45} y={0} />
        <FinderPattern x={0} y={45} />
        {MODULES.map((row, r) =>
          row
            .split('')
            .map((bit, c) =>
              bit === '1' ? (
                <rect key={`${r}-${c}`} x={26 + c * 5.5} y={26 + r * 5.5} width="4.5" height="4.5" fill="#0f172a" />
              ) : null,
            ),
        )}
      </g>
      {/* Phone with WhatsApp's linked-devices screen */}
      <rect x="22" y="14" width="116" height="156" rx="14" fill="#0f172a" />
      <rect x="28" y="22" width="104" height="140" rx="9" fill="#fff" />
      <rect x="28" y="22" width="104" height="26" rx="9" fill="#047857" />
      <rect x="28" y="38" width="104" height="10" fill="#047857" />
      <text
        x="80"
        y="40"
        textAnchor="middle"
        fontSize="7.5"
        fontWeight="600"
        fill="#fff"
        fontFamily="Inter Variable, sans-serif"
      >
        Aparelhos conectados
      </text>
      <circle cx="80" cy="70" r="13" fill="#d1fae5" />
      <rect x="73" y="64" width="14" height="10" rx="2" fill="none" stroke="#047857" strokeWidth="1.8" />
      <rect x="77" y="76" width="6" height="2" fill="#047857" />
      <rect x="36" y="92" width="88" height="16" rx="8" fill="#047857" />
      <text
        x="80"
        y="102.5"
        textAnchor="middle"
        fontSize="6.6"
        fontWeight="600"
        fill="#fff"
        fontFamily="Inter Variable, sans-serif"
      >
        Conectar um aparelho
      </text>
      <rect x="38" y="118" width="80" height="5" rx="2.5" fill="#e2e8f0" />
      <rect x="38" y="128" width="60" height="5" rx="2.5" fill="#e2e8f0" />
      <rect x="38" y="138" width="70" height="5" rx="2.5" fill="#e2e8f0" />
      {/* The camera pointing at the QR */}
      <path
        d="M138 100 C 155 100, 165 88, 190 78"
        fill="none"
        stroke="#059669"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeDasharray="2 6"
      />
      <path
        d="M183 72 L192 77 L184 84"
        fill="none"
        stroke="#059669"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
