import { PersonPage } from './person-page';

export default function StudentPage() {
  return <PersonPage kind="student" />;
}
