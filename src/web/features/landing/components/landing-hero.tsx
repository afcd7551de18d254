import { Bike, BookOpen, Guitar, Lamp, Shirt, Sofa } from 'lucide-react';
import { Link } from 'wouter';
import { productTagline } from '../../../../domain';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const tiles = [
  { icon: Sofa, tone: 'bg-brand-100 text-brand-700' },
  { icon: Bike, tone: 'bg-leaf-100 text-leaf-700' },
  { icon: BookOpen, tone: 'bg-sun-100 text-ink-900' },
  { icon: Guitar, tone: 'bg-sun-100 text-ink-900' },
  { icon: Lamp, tone: 'bg-brand-100 text-brand-700' },
  { icon: Shirt, tone: 'bg-leaf-100 text-leaf-700' },
];

export function LandingHero() {
  return (
    <section className="relative overflow-hidden">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-20">
        <div>
          <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-wide text-brand-700 uppercase">
            {productTagline}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Buy and sell with the <span className="text-brand-600">neighbours</span> you can trust.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-700">
            Second-hand treasures from verified locals, picked up just around the corner. No strangers, no shipping,
            no worries.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/auth" className={buttonVariants({ size: 'lg' })}>
              Join the Community!
            </Link>
            <Link href="/how-it-works" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
              How it works
            </Link>
          </div>
        </div>
        <div aria-hidden="true" className="hidden grid-cols-3 gap-4 sm:grid">
          {tiles.map(({ icon: Icon, tone }, index) => (
            <div
              key={index}
              className={cn(
                'flex aspect-square items-center justify-center rounded-3xl shadow-sm',
                tone,
                index % 2 === 1 && 'translate-y-4',
              )}
            >
              <Icon className="size-1/3" strokeWidth={1.75} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
