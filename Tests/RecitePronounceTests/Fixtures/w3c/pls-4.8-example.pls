<?xml version="1.0" encoding="UTF-8"?>
<!-- PLS 1.0, 4.8 example element -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">
  <lexeme>
    <grapheme>lead</grapheme>
    <phoneme>led</phoneme>
    <example>My feet were as heavy as lead.</example>
  </lexeme>
  <lexeme>
    <grapheme>lead</grapheme>
    <phoneme>liːd</phoneme>
    <example>The guide once again took the lead.</example>
  </lexeme>
</lexicon>
