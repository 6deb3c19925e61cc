TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB) /tmp/s34/h192/base/cache/lookup.go
  lookup.go:123		0x608720		4c8d6424d0		LEAQ -0x30(SP), R12									
  lookup.go:123		0x608725		4d3b6610		CMPQ R12, 0x10(R14)									
  lookup.go:123		0x608729		0f86bc040000		JBE 0x608beb										
  lookup.go:123		0x60872f		55			PUSHQ BP										
  lookup.go:123		0x608730		4889e5			MOVQ SP, BP										
  lookup.go:123		0x608733		4881eca8000000		SUBQ $0xa8, SP										
  lookup.go:123		0x60873a		48899c24c0000000	MOVQ BX, 0xc0(SP)									
  lookup.go:123		0x608742		4889bc24d0000000	MOVQ DI, 0xd0(SP)									
  keybytes.go:158	0x60874a		48899c24a0000000	MOVQ BX, 0xa0(SP)									
  keybytes.go:158	0x608752		4889742460		MOVQ SI, 0x60(SP)									
  keybytes.go:158	0x608757		4889bc2498000000	MOVQ DI, 0x98(SP)									
  keybytes.go:158	0x60875f		48894c2458		MOVQ CX, 0x58(SP)									
  keybytes.go:158	0x608764		488d51f8		LEAQ -0x8(CX), DX									
  keybytes.go:158	0x608768		4883fa08		CMPQ DX, $0x8										
  keybytes.go:158	0x60876c		0f874f020000		JA 0x6089c1										
  keybytes.go:158	0x608772		488d56f8		LEAQ -0x8(SI), DX									
  keybytes.go:158	0x608776		4883fa08		CMPQ DX, $0x8										
  keybytes.go:158	0x60877a		760d			JBE 0x608789										
  keybytes.go:158	0x60877c		0f1f4000		NOPL 0(AX)										
  keybytes.go:158	0x608780		4885f6			TESTQ SI, SI										
  lookup.go:125		0x608783		0f8538020000		JNE 0x6089c1										
  lookup.go:125		0x608789		4883787800		CMPQ 0x78(AX), $0x0									
  lookup.go:125		0x60878e		0f852d020000		JNE 0x6089c1										
  lookup.go:128		0x608794		488b5050		MOVQ 0x50(AX), DX									
  lookup.go:128		0x608798		4c8b4848		MOVQ 0x48(AX), R9									
  keyhash.go:145	0x60879c		483313			XORQ 0(BX), DX										
  keyhash.go:145	0x60879f		4c334c19f8		XORQ -0x8(CX)(BX*1), R9									
  keybytes.go:158	0x6087a4		4989c0			MOVQ AX, R8										
  keyhash.go:219	0x6087a7		4c89c8			MOVQ R9, AX										
  keyhash.go:219	0x6087aa		48f7e2			MULQ DX											
  keyhash.go:220	0x6087ad		4831d0			XORQ DX, AX										
  lookup.go:129		0x6087b0		4885f6			TESTQ SI, SI										
  lookup.go:129		0x6087b3		741e			JE 0x6087d3										
  lookup.go:130		0x6087b5		498b5060		MOVQ 0x60(R8), DX									
  lookup.go:130		0x6087b9		4d8b4858		MOVQ 0x58(R8), R9									
  keyhash.go:145	0x6087bd		483317			XORQ 0(DI), DX										
  keyhash.go:145	0x6087c0		4c334c3ef8		XORQ -0x8(SI)(DI*1), R9									
  keyhash.go:220	0x6087c5		4989c2			MOVQ AX, R10										
  keyhash.go:219	0x6087c8		4c89c8			MOVQ R9, AX										
  keyhash.go:219	0x6087cb		48f7e2			MULQ DX											
  keyhash.go:220	0x6087ce		4831d0			XORQ DX, AX										
  lookup.go:130		0x6087d1		eb05			JMP 0x6087d8										
  keyhash.go:135	0x6087d3		4989c2			MOVQ AX, R10										
  keyhash.go:135	0x6087d6		31c0			XORL AX, AX										
  keyhash.go:135	0x6087d8		4889ca			MOVQ CX, DX										
  keyhash.go:135	0x6087db		48c1e220		SHLQ $0x20, DX										
  keyhash.go:135	0x6087df		4831f2			XORQ SI, DX										
  keyhash.go:135	0x6087e2		49335068		XORQ 0x68(R8), DX									
  keyhash.go:135	0x6087e6		4c31d2			XORQ R10, DX										
  keyhash.go:135	0x6087e9		49334070		XORQ 0x70(R8), AX									
  lookup.go:63		0x6087ed		4d8b8890000000		MOVQ 0x90(R8), R9									
  lookup.go:63		0x6087f4		4d8d51ff		LEAQ -0x1(R9), R10									
  keyhash.go:219	0x6087f8		48f7e2			MULQ DX											
  keyhash.go:220	0x6087fb		4831d0			XORQ DX, AX										
  lookup.go:63		0x6087fe		4921c2			ANDQ AX, R10										
  lookup.go:132		0x608801		90			NOPL											
  lookup.go:133		0x608802		90			NOPL											
  lookup.go:63		0x608803		4d39d1			CMPQ R9, R10										
  lookup.go:63		0x608806		0f86d9030000		JBE 0x608be5										
  keyhash.go:220	0x60880c		4889442440		MOVQ AX, 0x40(SP)									
  lookup.go:134		0x608811		488d1431		LEAQ 0(CX)(SI*1), DX									
  lookup.go:63		0x608815		4d69caa0010000		IMULQ $0x1a0, R10, R9									
  lookup.go:63		0x60881c		4d8b9088000000		MOVQ 0x88(R8), R10									
  lookup.go:63		0x608823		4f8d1c0a		LEAQ 0(R10)(R9*1), R11									
  lookup.go:63		0x608827		4c895c2470		MOVQ R11, 0x70(SP)									
  lookup.go:134		0x60882c		4883fa1a		CMPQ DX, $0x1a										
  lookup.go:134		0x608830		0f8f61010000		JG 0x608997										
  lookup.go:146		0x608836		4b8d0c0a		LEAQ 0(R10)(R9*1), CX									
  lookup.go:146		0x60883a		4889c3			MOVQ AX, BX										
  lookup.go:146		0x60883d		4889c8			MOVQ CX, AX										
  lookup.go:146		0x608840		e8fb590000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotPub).homeSlot(SB)		
  lookup.go:146		0x608845		4885c0			TESTQ AX, AX										
  lookup.go:146		0x608848		0f8430010000		JE 0x60897e										
  lookup.go:403		0x60884e		4c8b4c2460		MOVQ 0x60(SP), R9									
  lookup.go:403		0x608853		4c8b442458		MOVQ 0x58(SP), R8									
  lookup.go:403		0x608858		4b8d1408		LEAQ 0(R8)(R9*1), DX									
  lookup.go:403		0x60885c		488d5201		LEAQ 0x1(DX), DX									
  lookup.go:403		0x608860		450fb6d0		MOVZX R8, R10										
  lookup.go:403		0x608864		41c1e208		SHLL $0x8, R10										
  lookup.go:403		0x608868		4109d2			ORL DX, R10										
  lookup.go:403		0x60886b		488b742440		MOVQ 0x40(SP), SI									
  lookup.go:403		0x608870		4889f2			MOVQ SI, DX										
  lookup.go:403		0x608873		48c1ea20		SHRQ $0x20, DX										
  lookup.go:403		0x608877		0fb7d2			MOVZX DX, DX										
  lookup.go:403		0x60887a		c1e210			SHLL $0x10, DX										
  lookup.go:403		0x60887d		4109d2			ORL DX, R10										
  lookup.go:147		0x608880		90			NOPL											
  lookup.go:148		0x608881		90			NOPL											
  slots.go:114		0x608882		90			NOPL											
  type.go:147		0x608883		8b5020			MOVL 0x20(AX), DX									
  lookup.go:149		0x608886		4439d2			CMPL DX, R10										
  lookup.go:149		0x608889		757c			JNE 0x608907										
  keybytes.go:198	0x60888b		4c8b5826		MOVQ 0x26(AX), R11									
  keybytes.go:173	0x60888f		488bbc24a0000000	MOVQ 0xa0(SP), DI									
  keybytes.go:173	0x608897		4c331f			XORQ 0(DI), R11										
  keybytes.go:198	0x60889a		4d8b64001e		MOVQ 0x1e(R8)(AX*1), R12								
  keybytes.go:173	0x60889f		4d336438f8		XORQ -0x8(R8)(DI*1), R12								
  lookup.go:151		0x6088a4		90			NOPL											
  keybytes.go:173	0x6088a5		4d09dc			ORQ R11, R12										
  lookup.go:129		0x6088a8		4d85c9			TESTQ R9, R9										
  lookup.go:152		0x6088ab		742a			JE 0x6088d7										
  lookup.go:153		0x6088ad		4e8d1c00		LEAQ 0(AX)(R8*1), R11									
  lookup.go:153		0x6088b1		4d8d5b26		LEAQ 0x26(R11), R11									
  keybytes.go:198	0x6088b5		4e8b6c0026		MOVQ 0x26(AX)(R8*1), R13								
  keybytes.go:173	0x6088ba		4c8bbc2498000000	MOVQ 0x98(SP), R15									
  keybytes.go:173	0x6088c2		4d332f			XORQ 0(R15), R13									
  keybytes.go:198	0x6088c5		4f8b5c19f8		MOVQ -0x8(R9)(R11*1), R11								
  keybytes.go:173	0x6088ca		4f335c39f8		XORQ -0x8(R9)(R15*1), R11								
  keybytes.go:173	0x6088cf		4d09eb			ORQ R13, R11										
  lookup.go:153		0x6088d2		4d09dc			ORQ R11, R12										
  lookup.go:153		0x6088d5		eb09			JMP 0x6088e0										
  lookup.go:160		0x6088d7		4c8bbc2498000000	MOVQ 0x98(SP), R15									
  lookup.go:160		0x6088df		90			NOPL											
  lookup.go:155		0x6088e0		4d85e4			TESTQ R12, R12										
  lookup.go:155		0x6088e3		7532			JNE 0x608917										
  lookup.go:156		0x6088e5		89c9			MOVL CX, CX										
  slots.go:317		0x6088e7		488b5320		MOVQ 0x20(BX), DX									
  slots.go:317		0x6088eb		480fafca		IMULQ DX, CX										
  slots.go:317		0x6088ef		48034b18		ADDQ 0x18(BX), CX									
  lookup.go:156		0x6088f3		4889df			MOVQ BX, DI										
  lookup.go:156		0x6088f6		4889c3			MOVQ AX, BX										
  lookup.go:156		0x6088f9		488b442470		MOVQ 0x70(SP), AX									
  lookup.go:156		0x6088fe		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:156		0x608905		5d			POPQ BP											
  lookup.go:156		0x608906		c3			RET											
  lookup.go:160		0x608907		488bbc24a0000000	MOVQ 0xa0(SP), DI									
  lookup.go:160		0x60890f		4c8bbc2498000000	MOVQ 0x98(SP), R15									
  lookup.go:159		0x608917		85d2			TESTL DX, DX										
  lookup.go:159		0x608919		7468			JE 0x608983										
  lookup.go:146		0x60891b		48899c2480000000	MOVQ BX, 0x80(SP)									
  lookup.go:160		0x608923		4889d8			MOVQ BX, AX										
  lookup.go:160		0x608926		89cb			MOVL CX, BX										
  lookup.go:160		0x608928		4489d1			MOVL R10, CX										
  lookup.go:160		0x60892b		4c89fe			MOVQ R15, SI										
  lookup.go:160		0x60892e		e84d100000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).probeShort(SB)	
  lookup.go:160		0x608933		4885c0			TESTQ AX, AX										
  lookup.go:160		0x608936		7c3f			JL 0x608977										
  slots.go:317		0x608938		488bbc2480000000	MOVQ 0x80(SP), DI									
  slots.go:317		0x608940		488b5708		MOVQ 0x8(DI), DX									
  slots.go:317		0x608944		488b4f20		MOVQ 0x20(DI), CX									
  slots.go:317		0x608948		480fafc8		IMULQ AX, CX										
  slots.go:317		0x60894c		48034f18		ADDQ 0x18(DI), CX									
  slots.go:356		0x608950		4839d0			CMPQ AX, DX										
  slots.go:356		0x608953		0f8385020000		JAE 0x608bde										
  slots.go:356		0x608959		488b17			MOVQ 0(DI), DX										
  slots.go:356		0x60895c		48c1e006		SHLQ $0x6, AX										
  slots.go:356		0x608960		488d1c02		LEAQ 0(DX)(AX*1), BX									
  lookup.go:161		0x608964		488b442470		MOVQ 0x70(SP), AX									
  lookup.go:161		0x608969		488b742440		MOVQ 0x40(SP), SI									
  lookup.go:161		0x60896e		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:161		0x608975		5d			POPQ BP											
  lookup.go:161		0x608976		c3			RET											
  lookup.go:165		0x608977		488b742440		MOVQ 0x40(SP), SI									
  lookup.go:160		0x60897c		eb05			JMP 0x608983										
  lookup.go:165		0x60897e		488b742440		MOVQ 0x40(SP), SI									
  lookup.go:165		0x608983		488b442470		MOVQ 0x70(SP), AX									
  lookup.go:165		0x608988		31db			XORL BX, BX										
  lookup.go:165		0x60898a		31c9			XORL CX, CX										
  lookup.go:165		0x60898c		31ff			XORL DI, DI										
  lookup.go:165		0x60898e		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:165		0x608995		5d			POPQ BP											
  lookup.go:165		0x608996		c3			RET											
  lookup.go:135		0x608997		4989c0			MOVQ AX, R8										
  lookup.go:135		0x60899a		4c89d8			MOVQ R11, AX										
  lookup.go:135		0x60899d		0f1f00			NOPL 0(AX)										
  lookup.go:135		0x6089a0		e89b020000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*shard).lookupFrom(SB)		
  lookup.go:136		0x6089a5		4889cf			MOVQ CX, DI										
  lookup.go:136		0x6089a8		488b742440		MOVQ 0x40(SP), SI									
  lookup.go:136		0x6089ad		4889d9			MOVQ BX, CX										
  lookup.go:136		0x6089b0		4889c3			MOVQ AX, BX										
  lookup.go:136		0x6089b3		488b442470		MOVQ 0x70(SP), AX									
  lookup.go:136		0x6089b8		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:136		0x6089bf		5d			POPQ BP											
  lookup.go:136		0x6089c0		c3			RET											
  keybytes.go:166	0x6089c1		488d51ff		LEAQ -0x1(CX), DX									
  keybytes.go:166	0x6089c5		4883fa2f		CMPQ DX, $0x2f										
  keybytes.go:166	0x6089c9		771b			JA 0x6089e6										
  keybytes.go:166	0x6089cb		4883fe30		CMPQ SI, $0x30										
  lookup.go:167		0x6089cf		7715			JA 0x6089e6										
  lookup.go:167		0x6089d1		4883787800		CMPQ 0x78(AX), $0x0									
  lookup.go:167		0x6089d6		750e			JNE 0x6089e6										
  lookup.go:168		0x6089d8		e863030000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookupWords(SB)		
  lookup.go:168		0x6089dd		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:168		0x6089e4		5d			POPQ BP											
  lookup.go:168		0x6089e5		c3			RET											
  keybytes.go:158	0x6089e6		48898424b8000000	MOVQ AX, 0xb8(SP)									
  lookup.go:170		0x6089ee		e8adecffff		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).hash(SB)			
  lookup.go:63		0x6089f3		488b9424b8000000	MOVQ 0xb8(SP), DX									
  lookup.go:63		0x6089fb		4c8b8290000000		MOVQ 0x90(DX), R8									
  lookup.go:63		0x608a02		4d8d48ff		LEAQ -0x1(R8), R9									
  lookup.go:63		0x608a06		4921c1			ANDQ AX, R9										
  lookup.go:171		0x608a09		90			NOPL											
  lookup.go:63		0x608a0a		4d39c8			CMPQ R8, R9										
  lookup.go:63		0x608a0d		0f86c6010000		JBE 0x608bd9										
  lookup.go:170		0x608a13		4889442448		MOVQ AX, 0x48(SP)									
  lookup.go:63		0x608a18		4969c9a0010000		IMULQ $0x1a0, R9, CX									
  lookup.go:63		0x608a1f		48894c2450		MOVQ CX, 0x50(SP)									
  lookup.go:63		0x608a24		488b9288000000		MOVQ 0x88(DX), DX									
  lookup.go:63		0x608a2b		4889942490000000	MOVQ DX, 0x90(SP)									
  lookup.go:172		0x608a33		4801d1			ADDQ DX, CX										
  lookup.go:172		0x608a36		4889c3			MOVQ AX, BX										
  lookup.go:172		0x608a39		4889c8			MOVQ CX, AX										
  lookup.go:172		0x608a3c		0f1f4000		NOPL 0(AX)										
  lookup.go:172		0x608a40		e8fb570000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotPub).homeSlot(SB)		
  lookup.go:63		0x608a45		488b542450		MOVQ 0x50(SP), DX									
  lookup.go:63		0x608a4a		488bb42490000000	MOVQ 0x90(SP), SI									
  lookup.go:63		0x608a52		4801f2			ADDQ SI, DX										
  lookup.go:172		0x608a55		4885c0			TESTQ AX, AX										
  lookup.go:172		0x608a58		0f845c010000		JE 0x608bba										
  lookup.go:63		0x608a5e		4889542468		MOVQ DX, 0x68(SP)									
  lookup.go:172		0x608a63		48895c2478		MOVQ BX, 0x78(SP)									
  lookup.go:173		0x608a68		4c8b442460		MOVQ 0x60(SP), R8									
  lookup.go:173		0x608a6d		488b7c2458		MOVQ 0x58(SP), DI									
  lookup.go:173		0x608a72		4e8d1407		LEAQ 0(DI)(R8*1), R10									
  slots.go:91		0x608a76		4e8d1c07		LEAQ 0(DI)(R8*1), R11									
  slots.go:91		0x608a7a		4d8d5b01		LEAQ 0x1(R11), R11									
  slots.go:93		0x608a7e		440fb6e7		MOVZX DI, R12										
  slots.go:93		0x608a82		41c1e408		SHLL $0x8, R12										
  slots.go:93		0x608a86		488b742448		MOVQ 0x48(SP), SI									
  slots.go:93		0x608a8b		4989f1			MOVQ SI, R9										
  slots.go:93		0x608a8e		48c1ee20		SHRQ $0x20, SI										
  slots.go:93		0x608a92		440fb7ee		MOVZX SI, R13										
  slots.go:93		0x608a96		41c1e510		SHLL $0x10, R13										
  lookup.go:174		0x608a9a		90			NOPL											
  slots.go:114		0x608a9b		90			NOPL											
  type.go:147		0x608a9c		448b7820		MOVL 0x20(AX), R15									
  slots.go:90		0x608aa0		4983fa1a		CMPQ R10, $0x1a										
  lookup.go:173		0x608aa4		41ba1c000000		MOVL $0x1c, R10										
  lookup.go:173		0x608aaa		450f4ed3		CMOVLE R11, R10										
  slots.go:93		0x608aae		4509e2			ORL R12, R10										
  slots.go:93		0x608ab1		4509ea			ORL R13, R10										
  lookup.go:175		0x608ab4		4539d7			CMPL R15, R10										
  slots.go:90		0x608ab7		755d			JNE 0x608b16										
  lookup.go:172		0x608ab9		4889842488000000	MOVQ AX, 0x88(SP)									
  lookup.go:172		0x608ac1		894c243c		MOVL CX, 0x3c(SP)									
  type.go:147		0x608ac5		44897c2438		MOVL R15, 0x38(SP)									
  lookup.go:175		0x608aca		89ca			MOVL CX, DX										
  lookup.go:175		0x608acc		4889542450		MOVQ DX, 0x50(SP)									
  lookup.go:175		0x608ad1		4889d8			MOVQ BX, AX										
  lookup.go:175		0x608ad4		4889d3			MOVQ DX, BX										
  lookup.go:175		0x608ad7		488b8c24a0000000	MOVQ 0xa0(SP), CX									
  lookup.go:175		0x608adf		488bb42498000000	MOVQ 0x98(SP), SI									
  lookup.go:175		0x608ae7		e8d42e0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).holds(SB)		
  lookup.go:175		0x608aec		84c0			TESTL AL, AL										
  lookup.go:175		0x608aee		0f8595000000		JNE 0x608b89										
  lookup.go:179		0x608af4		8b4c243c		MOVL 0x3c(SP), CX									
  lookup.go:184		0x608af8		488b542468		MOVQ 0x68(SP), DX									
  lookup.go:179		0x608afd		488b5c2478		MOVQ 0x78(SP), BX									
  lookup.go:179		0x608b02		488b7c2458		MOVQ 0x58(SP), DI									
  lookup.go:179		0x608b07		4c8b442460		MOVQ 0x60(SP), R8									
  lookup.go:184		0x608b0c		4c8b4c2448		MOVQ 0x48(SP), R9									
  lookup.go:178		0x608b11		448b7c2438		MOVL 0x38(SP), R15									
  lookup.go:178		0x608b16		4585ff			TESTL R15, R15										
  lookup.go:178		0x608b19		0f84a0000000		JE 0x608bbf										
  lookup.go:179		0x608b1f		8d5101			LEAL 0x1(CX), DX									
  lookup.go:179		0x608b22		4889d8			MOVQ BX, AX										
  lookup.go:179		0x608b25		89d3			MOVL DX, BX										
  lookup.go:179		0x608b27		488b8c24a0000000	MOVQ 0xa0(SP), CX									
  lookup.go:179		0x608b2f		488bb42498000000	MOVQ 0x98(SP), SI									
  lookup.go:179		0x608b37		e8240f0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).probeFrom(SB)	
  lookup.go:179		0x608b3c		0f1f4000		NOPL 0(AX)										
  lookup.go:179		0x608b40		4885c0			TESTQ AX, AX										
  lookup.go:179		0x608b43		7c38			JL 0x608b7d										
  slots.go:317		0x608b45		488b7c2478		MOVQ 0x78(SP), DI									
  slots.go:317		0x608b4a		488b5708		MOVQ 0x8(DI), DX									
  slots.go:317		0x608b4e		488b4f20		MOVQ 0x20(DI), CX									
  slots.go:317		0x608b52		480fafc8		IMULQ AX, CX										
  slots.go:317		0x608b56		48034f18		ADDQ 0x18(DI), CX									
  slots.go:356		0x608b5a		4839d0			CMPQ AX, DX										
  slots.go:356		0x608b5d		7375			JAE 0x608bd4										
  slots.go:356		0x608b5f		488b17			MOVQ 0(DI), DX										
  slots.go:356		0x608b62		48c1e006		SHLQ $0x6, AX										
  slots.go:356		0x608b66		488d1c10		LEAQ 0(AX)(DX*1), BX									
  lookup.go:180		0x608b6a		488b442468		MOVQ 0x68(SP), AX									
  lookup.go:180		0x608b6f		488b742448		MOVQ 0x48(SP), SI									
  lookup.go:180		0x608b74		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:180		0x608b7b		5d			POPQ BP											
  lookup.go:180		0x608b7c		c3			RET											
  lookup.go:184		0x608b7d		488b542468		MOVQ 0x68(SP), DX									
  lookup.go:184		0x608b82		4c8b4c2448		MOVQ 0x48(SP), R9									
  lookup.go:179		0x608b87		eb36			JMP 0x608bbf										
  slots.go:317		0x608b89		488b7c2478		MOVQ 0x78(SP), DI									
  slots.go:317		0x608b8e		488b4f20		MOVQ 0x20(DI), CX									
  slots.go:317		0x608b92		488b542450		MOVQ 0x50(SP), DX									
  slots.go:317		0x608b97		480fafca		IMULQ DX, CX										
  slots.go:317		0x608b9b		48034f18		ADDQ 0x18(DI), CX									
  lookup.go:176		0x608b9f		488b442468		MOVQ 0x68(SP), AX									
  lookup.go:176		0x608ba4		488b9c2488000000	MOVQ 0x88(SP), BX									
  lookup.go:176		0x608bac		488b742448		MOVQ 0x48(SP), SI									
  lookup.go:176		0x608bb1		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:176		0x608bb8		5d			POPQ BP											
  lookup.go:176		0x608bb9		c3			RET											
  lookup.go:184		0x608bba		4c8b4c2448		MOVQ 0x48(SP), R9									
  lookup.go:184		0x608bbf		4889d0			MOVQ DX, AX										
  lookup.go:184		0x608bc2		31db			XORL BX, BX										
  lookup.go:184		0x608bc4		31c9			XORL CX, CX										
  lookup.go:184		0x608bc6		31ff			XORL DI, DI										
  lookup.go:184		0x608bc8		4c89ce			MOVQ R9, SI										
  lookup.go:184		0x608bcb		4881c4a8000000		ADDQ $0xa8, SP										
  lookup.go:184		0x608bd2		5d			POPQ BP											
  lookup.go:184		0x608bd3		c3			RET											
  slots.go:356		0x608bd4		e84797e8ff		CALL runtime.panicBounds(SB)								
  lookup.go:63		0x608bd9		e84297e8ff		CALL runtime.panicBounds(SB)								
  slots.go:356		0x608bde		6690			NOPW											
  slots.go:356		0x608be0		e83b97e8ff		CALL runtime.panicBounds(SB)								
  lookup.go:63		0x608be5		e83697e8ff		CALL runtime.panicBounds(SB)								
  lookup.go:63		0x608bea		90			NOPL											
  lookup.go:123		0x608beb		4889442408		MOVQ AX, 0x8(SP)									
  lookup.go:123		0x608bf0		48895c2410		MOVQ BX, 0x10(SP)									
  lookup.go:123		0x608bf5		48894c2418		MOVQ CX, 0x18(SP)									
  lookup.go:123		0x608bfa		48897c2420		MOVQ DI, 0x20(SP)									
  lookup.go:123		0x608bff		4889742428		MOVQ SI, 0x28(SP)									
  lookup.go:123		0x608c04		e87778e8ff		CALL runtime.morestack_noctxt.abi0(SB)							
  lookup.go:123		0x608c09		488b442408		MOVQ 0x8(SP), AX									
  lookup.go:123		0x608c0e		488b5c2410		MOVQ 0x10(SP), BX									
  lookup.go:123		0x608c13		488b4c2418		MOVQ 0x18(SP), CX									
  lookup.go:123		0x608c18		488b7c2420		MOVQ 0x20(SP), DI									
  lookup.go:123		0x608c1d		488b742428		MOVQ 0x28(SP), SI									
  lookup.go:123		0x608c22		e9f9faffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)		
