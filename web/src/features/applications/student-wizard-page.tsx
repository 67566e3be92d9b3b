import { ApplicationPage } from './application-page';
import { STUDENT_APPLICATION } from './applications';

export default function StudentWizardPage() {
  return <ApplicationPage application={STUDENT_APPLICATION} />;
}
