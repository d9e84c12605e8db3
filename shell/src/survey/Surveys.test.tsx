import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { featureFeedbackMutation, type GraphqlOperation } from '@velvet/contracts';
import { renderInShell } from '../testShell';
import { activeSurvey, type Survey } from '../uiStore';
import { SurveyHost } from './Surveys';

const feedback: Survey = { kind: 'feedback' };
const search: Survey = { kind: 'feature', featureId: 'globalSearch' };

describe('surveys', () => {
  it('only the first open survey is active, and none while a flow blocks them', () => {
    expect(activeSurvey([], null)).toBeNull();
    expect(activeSurvey([search, feedback], null)).toBe(search);
    expect(activeSurvey([search, feedback], 'login')).toBeNull();
  });

  it('shows the first open survey as a dialog, the next one after it, none while the login is open', async () => {
    const answers: unknown[] = [];
    const { shell } = renderInShell(<SurveyHost />, {
      platform: {
        loggedIn: true,
        rest: {
          '/survey/feedbackdata': () => ({ open: true, openFrom: null }),
          '/survey/feedback': (input) => {
            answers.push(input.body);
            return { stored: true, timeLimit: false };
          },
        },
        query: (operation: GraphqlOperation<unknown, Record<string, unknown>>, variables) => {
          expect(operation).toBe(featureFeedbackMutation);
          answers.push(variables);
          return { featureFeedback: true };
        },
      },
    });
    act(() => {
      shell.ui.surveys.open(feedback);
      shell.ui.surveys.open(search);
      shell.ui.surveys.open(feedback);
    });
    expect(shell.ui.surveys$.value).toEqual([feedback, search]);
    expect(await screen.findByRole('dialog', { name: 'Your feedback' })).toBeInTheDocument();
    expect(screen.queryByTestId('feature-survey')).toBeNull();

    act(() => shell.ui.ui.open('login'));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => shell.ui.close());
    expect(await screen.findByTestId('feedback-survey')).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText('What would you like to tell us?'), {
      target: { value: 'More performers please' },
    });
    fireEvent.click(send);
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(answers).toEqual([
      {
        currentUrl: window.location.href,
        mobile: false,
        feedback: 'More performers please',
        email: null,
        rating: 4,
      },
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'How do you like it?' })).toBeInTheDocument();
    expect(screen.getByText('How do you like the search?')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Thank you for your feedback!');
    expect(answers[1]).toEqual({ featureId: 'globalSearch', rating: 5, text: null, url: window.location.href });
  });

  it('says when the feedback survey opens again after the time limit refused an answer', async () => {
    const { shell } = renderInShell(<SurveyHost />, {
      platform: {
        rest: { '/survey/feedbackdata': () => ({ open: false, openFrom: '2026-05-02T10:00:00.000Z' }) },
      },
    });
    act(() => shell.ui.surveys.open(feedback));
    expect(await screen.findByText(/You have sent us feedback recently\. You can send more from/)).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-survey')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shell.ui.surveys$.value).toEqual([]);
  });
});
