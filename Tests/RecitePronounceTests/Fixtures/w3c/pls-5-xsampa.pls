<?xml version="1.0" encoding="UTF-8"?>
<!-- PLS 1.0, 2 Pronunciation Alphabets: an X-SAMPA lexicon -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="x-sampa" xml:lang="en-US">
  <lexeme>
    <grapheme>tomato</grapheme>
    <phoneme>t@"meItoU</phoneme>
  </lexeme>
</lexicon>
