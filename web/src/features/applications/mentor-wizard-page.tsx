import { ApplicationPage } from './application-page';
import { MENTOR_APPLICATION } from './applications';

export default function MentorWizardPage() {
  return <ApplicationPage application={MENTOR_APPLICATION} />;
}
