import { cn } from './cn';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

type AvatarProps = {
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /**
   * The avatar stands for the name (a table cell without the name beside it): one element named
   * for screen readers and titled on hover, instead of a wrapper, the picture and a hidden text.
   */
  named?: boolean;
};

const SIZES = { sm: 'size-7 text-xs', md: 'size-9 text-sm', lg: 'size-20 text-xl' };

/** A round picture, or the initials when there is none. Decorative unless `named`: the name is then shown or labelled nearby. */
export const Avatar = ({ name, src, size = 'md', className, named = false }: AvatarProps) =>
  src ? (
    <img
      src={src}
      alt={named ? name : ''}
      title={named ? name : undefined}
      className={cn('shrink-0 rounded-full object-cover', SIZES[size], className)}
    />
  ) : (
    <span
      {...(named ? { role: 'img', 'aria-label': name, title: name } : { 'aria-hidden': true })}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        SIZES[size],
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
