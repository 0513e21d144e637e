import type { ReactNode } from 'react';
import { cn } from './cn';

type Tone = 'neutral' | 'brand' | 'danger' | 'warning' | 'success';

const TONES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-700',
  brand: 'bg-brand-100 text-brand-800',
  danger: 'bg-red-600 text-white',
  warning: 'bg-amber-100 text-amber-900',
  success: 'bg-emerald-100 text-emerald-800',
};

export const Badge = ({ tone = 'neutral', className, children }: { tone?: Tone; className?: string; children: ReactNode }) => (
  <span
    className={cn(
      'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-semibold',
      TONES[tone],
      className,
    )}
  >
    {children}
  </span>
);
