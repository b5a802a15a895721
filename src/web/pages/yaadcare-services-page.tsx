import { ComingSoon } from '../components/coming-soon';

export default function YaadcareServicesPage() {
  return (
    <ComingSoon title={'YaadCare services'}>
      {
        'All our service categories — including care for families of Jamaicans living abroad — are coming soon.'
      }
    </ComingSoon>
  );
}
