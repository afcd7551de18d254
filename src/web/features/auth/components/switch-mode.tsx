import { Button } from '@/components/ui/button';

type SwitchModeProps = { question: string; action: string; onSwitch: () => void };

/** The way between signing in and joining. */
export function SwitchMode({ question, action, onSwitch }: SwitchModeProps) {
  return (
    <div className="mt-6 border-t border-sand-200 pt-5 text-center">
      <p className="mb-3 text-sm text-ink-500">{question}</p>
      <Button variant="secondary" size="lg" className="w-full" onClick={onSwitch}>
        {action}
      </Button>
    </div>
  );
}
