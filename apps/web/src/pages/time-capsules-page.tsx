import { Bell, CalendarClock, Hourglass, LockKeyhole } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function TimeCapsulesPage() {
  return (
    <ComingSoon
      icon={Hourglass}
      eyebrow="Time Capsules"
      documentTitle="Time Capsules"
      title="Posts sealed until their moment"
      description="Write now, reveal later. A time capsule stays sealed until the time its author chose, then opens for everyone."
      features={[
        { icon: CalendarClock, title: 'Pick the moment', text: 'From one hour to one year ahead.' },
        {
          icon: LockKeyhole,
          title: 'Truly sealed',
          text: 'The content stays on the server, unseen, until it opens.',
        },
        {
          icon: Bell,
          title: 'Followers notified',
          text: 'Your followers hear about it the moment it opens.',
        },
      ]}
    />
  );
}
