<?xml version="1.0" encoding="UTF-8"?>
<!-- PLS 1.0, 4.2 meta Element -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">
  <meta name="seeAlso" content="http://www.example.com/my-lexicon-metadata.xml"/>
  <meta http-equiv="Cache-Control" content="no-cache"/>
  <lexeme>
    <grapheme>tomato</grapheme>
    <phoneme>təmei̥ɾoʊ</phoneme>
  </lexeme>
</lexicon>
