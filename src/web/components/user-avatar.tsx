import { type CurrentUser, avatarInitial } from '../../domain';

export function UserAvatar({ user }: { user: CurrentUser }) {
  const initial = avatarInitial(user);
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-10 rounded-full object-cover ring-2 ring-white" />;
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-10 items-center justify-center rounded-full bg-sun-300 text-base font-bold text-ink-900 ring-2 ring-white"
    >
      {initial}
    </span>
  );
}
