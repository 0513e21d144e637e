import { cn } from './cn';

export const Spinner = ({ className }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={cn('inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent', className)}
  />
);
