import type { ResultsDay } from '@vendai/contracts/results';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { durationTicks, formatCount, formatDay, formatDuration } from '../lib/format';

/** Colours with AA contrast on white that stay apart for colour-blind readers (slate vs emerald, plus shape). */
const COLORS = { in: '#475569', ai: '#047857', line: '#b45309', grid: '#e2e8f0', axis: '#475569' };
const AXIS = { fontSize: 12, fill: COLORS.axis };

function ChartCard({ title, summary, children }: { title: string; summary: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="sr-only">{summary}</p>
      <div className="mt-3 h-64">{children}</div>
    </section>
  );
}

/** Customer messages and AI answers per day, bars side by side. */
export function MessagesChart({ days }: { days: ResultsDay[] }) {
  const totalIn = days.reduce((a, d) => a + d.messagesIn, 0);
  const totalAi = days.reduce((a, d) => a + d.aiAnswers, 0);
  return (
    <ChartCard
      title="Mensagens e respostas da IA por dia"
      summary={`${formatCount(totalIn)} mensagens de clientes e ${formatCount(totalAi)} respostas da IA no período.`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} barGap={2}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d)} tick={AXIS} minTickGap={12} />
          <YAxis allowDecimals={false} tick={AXIS} tickFormatter={(v: number) => formatCount(v)} width={48} />
          <Tooltip
            labelFormatter={(d) => formatDay(String(d), true)}
            formatter={(v) => formatCount(Number(v))}
            cursor={{ fill: '#f1f5f9' }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar
            isAnimationActive={false}
            dataKey="messagesIn"
            name="Mensagens de clientes"
            fill={COLORS.in}
            radius={[3, 3, 0, 0]}
          />
          <Bar
            isAnimationActive={false}
            dataKey="aiAnswers"
            name="Respostas da IA"
            fill={COLORS.ai}
            radius={[3, 3, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** The median first-response time per day (all answers), in seconds on the axis, words in the tooltip. */
export function ResponseTimeChart({ days }: { days: ResultsDay[] }) {
  const answered = days.filter((d) => d.firstResponseP50 != null).length;
  const ticks = durationTicks(Math.max(0, ...days.map((d) => d.firstResponseP50 ?? 0)));
  return (
    <ChartCard
      title="Tempo da 1ª resposta por dia (mediana)"
      summary={`Mediana do tempo até a primeira resposta em ${answered} dias com respostas.`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d)} tick={AXIS} minTickGap={12} />
          <YAxis
            tick={AXIS}
            ticks={ticks}
            domain={[0, ticks.at(-1)!]}
            tickFormatter={(v: number) => formatDuration(v)}
            width={76}
          />
          <Tooltip
            labelFormatter={(d) => formatDay(String(d), true)}
            formatter={(v) => formatDuration(v == null ? null : Number(v))}
          />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="firstResponseP50"
            name="Mediana"
            stroke={COLORS.line}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
