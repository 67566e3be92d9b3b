import { ApplyPage } from './apply-page';
import { MENTOR_APPLICATION } from './applications';

export default function MentorWizardPage() {
  return <ApplyPage application={MENTOR_APPLICATION} />;
}
