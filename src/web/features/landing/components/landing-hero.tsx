import { Link } from 'wouter';
import { productTagline } from '../../../../domain';
import { buttonVariants } from '@/components/ui/button';
import { HeroVideo } from './hero-video';

export function LandingHero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-20">
        <div className="min-w-0">
          <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-wide text-brand-700 uppercase">
            {productTagline}
          </p>
          <h1 id="hero-heading" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
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
        <HeroVideo />
      </div>
    </section>
  );
}
