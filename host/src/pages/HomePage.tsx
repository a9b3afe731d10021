import { Page } from '@prds/shared/ui';
import { FeaturedMarkets } from './home/FeaturedMarkets';
import { GetStarted } from './home/GetStarted';
import { Hero } from './home/Hero';
import { HowItWorks } from './home/HowItWorks';

export default function HomePage() {
  return (
    <Page data-testid="page-home">
      <Hero />
      <FeaturedMarkets />
      <HowItWorks />
      <GetStarted />
    </Page>
  );
}
