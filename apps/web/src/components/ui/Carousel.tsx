import { CAROUSEL_AUTOPLAY_MS, type Photo } from '@promovente/shared';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { cn } from './cn';

/** The French names of the carousel's controls (the browser tests find them by these). */
export const CAROUSEL_LABELS = {
  previous: 'Photo précédente',
  next: 'Photo suivante',
  region: 'Carrousel de photos',
  position: (index: number, total: number) => `${index} / ${total}`,
} as const;

/**
 * The one carousel of the product (docs/product/progress.md#rules): one slide at a time, the next
 * every 3000 ms, arrows; photos in their 1300 px version, videos played in the page. Progress
 * albums and the home page use it.
 */
export const Carousel = ({ slides, className, startIndex = 0 }: { slides: readonly Photo[]; className?: string; startIndex?: number }) => {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, startIndex }, [
    Autoplay({ delay: CAROUSEL_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true }),
  ]);
  const [selected, setSelected] = useState(startIndex);

  const handleSelect = useCallback(() => setSelected(embla?.selectedScrollSnap() ?? 0), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on('select', handleSelect);
    return () => {
      embla.off('select', handleSelect);
    };
  }, [embla, handleSelect]);

  if (slides.length === 0) return null;
  return (
    <section aria-roledescription="carrousel" aria-label={CAROUSEL_LABELS.region} className={cn('relative', className)}>
      <div ref={viewportRef} className="overflow-hidden rounded-lg bg-slate-900">
        <div className="flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
            <div
              key={slide.id}
              className="flex min-w-0 flex-[0_0_100%] items-center justify-center"
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${slide.name} (${CAROUSEL_LABELS.position(index + 1, slides.length)})`}
            >
              {slide.is_video ? (
                // biome-ignore lint/a11y/useMediaCaption: progress videos of a building site have no speech to caption
                <video src={slide.url_video ?? slide.url} controls preload="metadata" className="max-h-[70vh] w-full" />
              ) : (
                <img
                  src={slide.url_1300w ?? slide.url}
                  alt={slide.name}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  className="max-h-[70vh] w-full object-contain"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <>
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            aria-label={CAROUSEL_LABELS.previous}
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            aria-label={CAROUSEL_LABELS.next}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </>
      )}
      {/* A photo's name has no space to wrap at (a file name): it breaks anywhere rather than widen the page on a phone. */}
      <p className="mt-1 text-center text-xs wrap-anywhere text-slate-600" aria-live="polite">
        {slides[selected]?.name} · {CAROUSEL_LABELS.position(selected + 1, slides.length)}
      </p>
    </section>
  );
};
