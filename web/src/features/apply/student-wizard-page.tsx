import { ApplyPage } from './apply-page';
import { STUDENT_APPLICATION } from './applications';

export default function StudentWizardPage() {
  return <ApplyPage application={STUDENT_APPLICATION} />;
}
