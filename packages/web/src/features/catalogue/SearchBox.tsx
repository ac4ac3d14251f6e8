import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 400;

interface SearchBoxProps {
  /** the search the list shows now (from the URL) */
  value: string;
  /** called after a pause in typing */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
}

/** A search field whose text reaches the list after a pause in typing; follows the URL on back/forward. */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearch(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <Input
      type="search"
      allowClear
      aria-label={label}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      style={{ maxWidth: 360 }}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
